import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { quickFileCall } from '../file-sink';
import { parseMediaKey } from '../media-keys';
import type { ByteRange, MediaStorage, StoredObject } from './media-storage';

/** The embedded default: files under `<MEDIA_DIR>/files/<key>`, served by the API through signed URLs. */
export class LocalDiskStorage implements MediaStorage {
  readonly kind = 'local-disk';
  private readonly root: string;

  constructor(mediaDir: string) {
    this.root = path.join(mediaDir, 'files');
  }

  private fileOf(key: string): string {
    // keys are checked by the callers too; this keeps a bad one from ever leaving the folder
    if (!parseMediaKey(key)) throw new Error(`not a media key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async putFile(key: string, from: string): Promise<void> {
    const to = this.fileOf(key);
    const folder = path.dirname(to); // each file has a folder of its own (media-keys.ts)
    await quickFileCall(
      () => fs.mkdirSync(folder, { recursive: true }),
      () => fsp.mkdir(folder, { recursive: true }),
    );
    try {
      await quickFileCall(
        () => fs.renameSync(from, to),
        () => fsp.rename(from, to),
      );
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      // the temporary folder is on another disk: copy, then remove it
      await pipeline(fs.createReadStream(from), fs.createWriteStream(to));
      await fsp.rm(from, { force: true });
    }
  }

  localPath(key: string): string | null {
    return parseMediaKey(key) ? this.fileOf(key) : null;
  }

  async stat(key: string): Promise<StoredObject | null> {
    const parsed = parseMediaKey(key);
    if (!parsed) return null;
    try {
      const s = await fsp.stat(this.fileOf(key));
      return s.isFile() ? { size: s.size, contentType: parsed.contentType } : null;
    } catch {
      return null;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    if (!parseMediaKey(key)) return null;
    const stream = fs.createReadStream(this.fileOf(key), range ? { start: range.start, end: range.end } : {});
    return new Promise((resolve) => {
      stream.once('open', () => resolve(stream));
      stream.once('error', () => resolve(null));
    });
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      if (!parseMediaKey(key)) continue;
      const file = this.fileOf(key);
      await fsp.rm(file, { force: true });
      // the file's folder goes with its last file
      await fsp.rmdir(path.dirname(file)).catch(() => undefined);
    }
  }
}
