import { fromBuffer } from 'file-type';
import type { MediaType } from '@sparkhouse/contracts';
import { FORMATS } from './media-keys';

/** Bytes from the start of a file that are enough to tell its format (file-type reads at most this many). */
export const SNIFF_BYTES = 4100;

export interface SniffedFormat {
  type: MediaType;
  /** The extension the file is stored under (media-keys.ts FORMATS). */
  ext: string;
  /** The format as the bytes tell it. */
  mimeType: string;
}

/** The formats the library takes, by what file-type reads from the bytes, and the extension each is stored under. */
const ACCEPTED: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'video/x-m4v': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/vnd.wave': 'wav',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/x-flac': 'flac',
  'audio/flac': 'flac',
  'audio/x-m4a': 'm4a',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'application/pdf': 'pdf',
};

/**
 * The format of a file from its first bytes — never from its name or the type the browser declared —
 * or null when it is not one the library takes (SVG, HTML, archives, executables, unknown bytes...).
 */
export async function sniffFormat(head: Buffer): Promise<SniffedFormat | null> {
  const found = await fromBuffer(head);
  const ext = found && ACCEPTED[found.mime];
  if (!found || !ext) return null;
  return { type: FORMATS[ext].type, ext, mimeType: found.mime };
}
