import { z } from 'zod';
import { MEDIA_TYPES } from './media-limits';

/*
 * Reading an uploaded file after the upload is answered: its thumbnail or poster frame and what only a
 * decoder can tell (an image's frames, a sound file's duration and codec, cover art). The upload answers
 * with what the file's headers say at once, and `metadata.processing` says where the reading is:
 * 'pending' until the job is done, then 'done' (or 'failed', with `processingError`).
 */

/** Where reading an upload stands, in its metadata. */
export const MEDIA_PROCESSING = { pending: 'pending', done: 'done', failed: 'failed' } as const;
export type MediaProcessingState = (typeof MEDIA_PROCESSING)[keyof typeof MEDIA_PROCESSING];

export const readUploadPayloadSchema = z.object({
  appId: z.string().min(1),
  /** The stored file (apps/<appId>/<fileId>/original.<ext>). */
  key: z.string().min(1).max(300),
  type: z.enum(MEDIA_TYPES),
});

export const readUploadResultSchema = z.object({
  key: z.string(),
  /** What was read, merged over what the upload answered. */
  metadata: z.record(z.string(), z.unknown()),
  /** The stored thumbnail or poster frame, when the file has a picture. */
  thumbnailKey: z.string().nullable(),
});
export type ReadUploadResult = z.infer<typeof readUploadResultSchema>;

export const READ_UPLOAD_STEPS = ['reading'] as const;
