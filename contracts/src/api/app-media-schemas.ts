// Shapes of the media library's calls (contracts/src/api/app-media.ts): spec 3 "App media" and
// spec 7 "App builder: media".
import { z } from 'zod';
import { MEDIA_PAGE, MEDIA_TYPES } from '../media-limits';
import { appIdField, jsonObject } from './creator-apps-schemas';

export const mediaTypeSchema = z.enum(MEDIA_TYPES);

/** Where the API serves stored files; a URL under it names a file of the library's storage. */
export const MEDIA_FILES_PATH = '/api/media/files/';

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * A media URL a creator hands in: a file uploaded to the app (the `url` or `thumbnailUrl` an upload
 * answered, signed or not, relative or absolute) or an http(s) address elsewhere.
 */
export const mediaUrlField = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(2048, 'must be at most 2048 characters long')
  .refine((v) => v.startsWith(MEDIA_FILES_PATH) || isHttpUrl(v), {
    message: 'must be a file uploaded to this app or an http(s) address',
  });

/** What a creator or an upload says about a file: name, size, dimensions, duration, alt text... */
export const mediaMetadataField = jsonObject(16_000);

export const mediaIdField = z.uuid('must be a media id');

/** spec 7: created-at cursor. A nextCursor (time and id, so equal times are not skipped) or an ISO time. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)(?:\|([0-9a-f-]{36}))?$/i;
export const mediaCursorField = z
  .string()
  .regex(CURSOR, 'must be the nextCursor of an earlier page (or an ISO time)')
  .transform((v) => {
    const [, createdAt, mediaId] = CURSOR.exec(v)!;
    return { createdAt, mediaId: mediaId ?? null };
  });

/** spec 7 onlyTypes: kinds to list, comma separated (or the parameter repeated). */
export const onlyTypesField = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(mediaTypeSchema).max(MEDIA_TYPES.length));

export const mediaPageQuery = z.object({
  appId: appIdField,
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MEDIA_PAGE.maxLimit, `must be at most ${MEDIA_PAGE.maxLimit}`)
    .default(MEDIA_PAGE.defaultLimit),
  cursorCreatedAt: mediaCursorField.optional(),
  onlyTypes: onlyTypesField.optional(),
});

/** One file of an app's media library (spec 3 App media). Stored files answer signed, expiring URLs. */
export const appMediaSchema = z.object({
  mediaId: z.string(),
  appId: z.string(),
  type: mediaTypeSchema,
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  /** Set for media a user of the app recorded in an activity (uploadUserMedia). */
  activityId: z.string().nullable(),
  isForSimulation: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppMedia = z.output<typeof appMediaSchema>;

/** What an upload answers: the stored file's signed URL, its thumbnail (or poster frame), its kind and what was read from it. */
export const uploadedMediaSchema = z.object({
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  type: mediaTypeSchema,
  metadata: z.record(z.string(), z.unknown()),
});
export type UploadedMedia = z.output<typeof uploadedMediaSchema>;

export const saveMediaBody = z.object({
  appId: appIdField,
  type: mediaTypeSchema,
  url: mediaUrlField,
  metadata: mediaMetadataField.default({}),
});

export const activityIdField = z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters');
