import { z } from 'zod';
import { MEDIA_TYPES } from '../media-limits';
import { defineEvent } from './envelope';

/*
 * Facts of an app's media library. Streams: `media-<mediaId>`, one per file of one app, where the
 * media id is derived from the app and the file (a file saved twice lands on the same stream).
 * A file is either in the library's storage (storageKey) or elsewhere on the web (externalUrl).
 */

const mediaType = z.enum(MEDIA_TYPES);

export const AppMediaSaved = defineEvent(
  'AppMediaSaved',
  1,
  z.object({
    mediaId: z.string(),
    appId: z.string(),
    ownerId: z.string(),
    type: mediaType,
    storageKey: z.string().nullable(),
    externalUrl: z.string().nullable(),
    thumbnailKey: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    /** Media an app's user made in an activity (uploadUserMedia); null for the creator's own library. */
    activityId: z.string().nullable(),
    isForSimulation: z.boolean(),
  }),
);

/** Metadata and/or thumbnail changed (only the fields present changed; a null thumbnail removes it). */
export const AppMediaUpdated = defineEvent(
  'AppMediaUpdated',
  1,
  z.object({
    mediaId: z.string(),
    appId: z.string(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    thumbnail: z.object({ key: z.string().nullable(), url: z.string().nullable() }).optional(),
  }),
);

/**
 * What the media-reading job read from an uploaded file (its thumbnail or poster frame, and what only a
 * decoder tells: frames, codecs, an exact duration), or why it could not, recorded before the file was
 * saved to the library: the save then carries it. Once the file is in the library, a reading is an
 * AppMediaUpdated instead.
 */
export const AppMediaFileRead = defineEvent(
  'AppMediaFileRead',
  1,
  z.object({
    mediaId: z.string(),
    appId: z.string(),
    storageKey: z.string(),
    metadata: z.record(z.string(), z.unknown()),
    thumbnailKey: z.string().nullable(),
  }),
);

/** Removed from the library; `storageKeys` are the stored files that go with it. */
export const AppMediaDeleted = defineEvent(
  'AppMediaDeleted',
  1,
  z.object({ mediaId: z.string(), appId: z.string(), storageKeys: z.array(z.string()) }),
);

export const appMediaEvents = [AppMediaSaved, AppMediaUpdated, AppMediaFileRead, AppMediaDeleted] as const;
