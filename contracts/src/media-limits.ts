// The media library's kinds of file and their limits, shared by the API (which enforces them) and the
// builder's Media tab (which tells a creator before sending a file that would be refused). No zod here:
// the builder imports this module by path.

/** What the media library holds. The server decides the kind from a file's bytes, never from its name. */
export const MEDIA_TYPES = ['image', 'video', 'audio', 'pdf'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

const MB = 1024 * 1024;

/** The largest file of each kind an upload accepts (a larger one answers 413). */
export const MEDIA_SIZE_LIMITS: Readonly<Record<MediaType, number>> = {
  image: 25 * MB,
  video: 500 * MB,
  audio: 100 * MB,
  pdf: 50 * MB,
};

/** The largest file of any kind: a request announcing more is refused before a byte of it is read. */
export const MEDIA_MAX_UPLOAD_BYTES = Math.max(...Object.values(MEDIA_SIZE_LIMITS));

/** The formats each kind accepts, as the upload's content sniffing recognises them. */
export const MEDIA_FORMATS: Readonly<Record<MediaType, readonly string[]>> = {
  image: ['JPEG', 'PNG', 'WebP', 'GIF', 'AVIF'],
  video: ['MP4', 'WebM', 'MOV'],
  audio: ['MP3', 'WAV', 'OGG', 'M4A', 'FLAC', 'AAC'],
  pdf: ['PDF'],
};

/** The file picker's `accept` list. */
export const MEDIA_ACCEPT = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'audio/mpeg',
  'audio/wav',
  'audio/ogg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/flac',
  'audio/aac',
  'application/pdf',
].join(',');

/** Media list page size (spec 9: media limit default 30). */
export const MEDIA_PAGE = { defaultLimit: 30, maxLimit: 100 } as const;

/** Signed media URLs live at most this long (spec 9: signed URL maximum 7 days). */
export const SIGNED_URL_MAX_SECONDS = 7 * 24 * 3600;

/** Where files are uploaded (multipart: `file` and `appId`), relative to the site. */
export const MEDIA_UPLOAD_PATH = '/api/media/uploads';

/** Byte counts as people read them: 900 bytes, 12 KB, 3.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / MB;
  return `${mb >= 100 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
}

const KIND_PLURAL: Record<MediaType, string> = { image: 'Images', video: 'Videos', audio: 'Audio files', pdf: 'PDFs' };

/** The message of a file over its kind's limit. */
export const tooLargeMessage = (type: MediaType) =>
  `${KIND_PLURAL[type]} can be at most ${formatBytes(MEDIA_SIZE_LIMITS[type])}.`;

/** The message of a file of a kind the library does not take. */
export const UNSUPPORTED_FILE_MESSAGE =
  'This kind of file is not supported: upload an image (JPEG, PNG, WebP, GIF, AVIF), a video (MP4, WebM, MOV), ' +
  'an audio file (MP3, WAV, OGG, M4A, FLAC, AAC) or a PDF.';

/**
 * A creator's storefront photo (uploadStorefrontPhoto): an image of at most this many megabytes, at
 * least this many pixels a side, stored square at this size.
 */
export const STOREFRONT_PHOTO_MAX_MB = 10;
export const STOREFRONT_PHOTO_MIN_PIXELS = 128;
export const STOREFRONT_PHOTO_PIXELS = 512;
