import type { Readable } from 'node:stream';

/** A stored file's size and type. */
export interface StoredObject {
  size: number;
  contentType: string;
}

/** Bytes `start` to `end` of a file, both included (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded media lives: S3-compatible object storage when S3_BUCKET is set, otherwise local disk
 * under MEDIA_DIR. Files go in whole from a finished temporary file and come out as streams, so
 * neither way holds a file in memory. Keys are media-keys.ts keys, checked by the caller.
 */
export interface MediaStorage {
  readonly kind: 'local-disk' | 's3';
  /** Stores the file at `path` under `key` (the temporary file is gone afterwards). */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  stat(key: string): Promise<StoredObject | null>;
  /** The file's bytes (a range of them); null when there is no such file. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Where the file lies on this machine's disk, for tools that read files in place (local disk only). */
  localPath?(key: string): string | null;
  /** Deletes the files; ones already gone are fine. */
  delete(keys: readonly string[]): Promise<void>;
}

/** Injection token of the configured MediaStorage. */
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');
