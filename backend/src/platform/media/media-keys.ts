import type { MediaType } from '@sparkhouse/contracts';

/**
 * How uploaded files are named in storage: `apps/<appId>/<fileId>/original.<ext>` and, beside it,
 * `thumb.webp` (an image's thumbnail or a video's poster frame). The app in the key says whose file it
 * is; the extension, chosen from the file's bytes at upload, says how it is served.
 */

interface Format {
  type: MediaType;
  contentType: string;
}

/** The stored extensions and what they are. */
export const FORMATS: Readonly<Record<string, Format>> = {
  jpg: { type: 'image', contentType: 'image/jpeg' },
  png: { type: 'image', contentType: 'image/png' },
  webp: { type: 'image', contentType: 'image/webp' },
  gif: { type: 'image', contentType: 'image/gif' },
  avif: { type: 'image', contentType: 'image/avif' },
  mp4: { type: 'video', contentType: 'video/mp4' },
  webm: { type: 'video', contentType: 'video/webm' },
  mov: { type: 'video', contentType: 'video/quicktime' },
  mp3: { type: 'audio', contentType: 'audio/mpeg' },
  wav: { type: 'audio', contentType: 'audio/wav' },
  ogg: { type: 'audio', contentType: 'audio/ogg' },
  opus: { type: 'audio', contentType: 'audio/ogg' },
  m4a: { type: 'audio', contentType: 'audio/mp4' },
  flac: { type: 'audio', contentType: 'audio/flac' },
  aac: { type: 'audio', contentType: 'audio/aac' },
  weba: { type: 'audio', contentType: 'audio/webm' },
  pdf: { type: 'pdf', contentType: 'application/pdf' },
};

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY = new RegExp(`^apps/(${UUID})/(${UUID})/(original\\.([a-z0-9]{3,4})|thumb\\.webp)$`);

export const THUMBNAIL_NAME = 'thumb.webp';

export interface MediaKey {
  appId: string;
  fileId: string;
  /** The original upload, or its thumbnail. */
  role: 'original' | 'thumbnail';
  contentType: string;
  /** The kind of the original (a thumbnail is an image). */
  type: MediaType;
}

/** What a key names, or null when it is not a key the library writes (nothing else is ever served). */
export function parseMediaKey(key: string): MediaKey | null {
  const m = KEY.exec(key);
  if (!m) return null;
  const [, appId, fileId, name, ext] = m;
  if (name === THUMBNAIL_NAME) return { appId, fileId, role: 'thumbnail', contentType: 'image/webp', type: 'image' };
  const format = FORMATS[ext];
  return format ? { appId, fileId, role: 'original', ...format } : null;
}

export const originalKey = (appId: string, fileId: string, ext: string) => `apps/${appId}/${fileId}/original.${ext}`;

/** The thumbnail that goes with an original. */
export const thumbnailKeyOf = (key: string) => key.replace(/[^/]+$/, THUMBNAIL_NAME);
