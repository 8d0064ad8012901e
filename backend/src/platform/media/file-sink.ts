import fs from 'node:fs';
import { Writable } from 'node:stream';

/** A write slower than this means the kernel is holding writers back (dirty pages, a slow disk). */
export const SLOW_WRITE_MS = 20;
/** After a slow write, every sink of the process writes through the thread pool for this long. */
export const POOLED_FOR_MS = 10_000;

export interface FileSinkOptions {
  slowWriteMs?: number;
  pooledForMs?: number;
  /** The clock of the cool-down (tests move it). */
  now?: () => number;
}

/** Until when (epoch ms) the sinks of this process write through the thread pool. */
let pooledUntil = 0;

/** Forget an earlier slow write (tests). */
export function resetFileSinks() {
  pooledUntil = 0;
}

/**
 * A file written from a request stream. While the kernel takes writes at memory speed, each chunk is
 * written straight from the event loop's thread: handing a 64 KB chunk to libuv's thread pool costs
 * more than copying it into the page cache (a wake-up of a pool thread and one of the event loop per
 * chunk, on two busy cores), and it was the largest cost of an upload (media bench). A write that takes
 * longer than `slowWriteMs` means writers are being held back: from then on this file, and for
 * `pooledForMs` every file of the process, is written through the thread pool again, so a slow disk
 * never holds the event loop for more than one write.
 */
export class FileSink extends Writable {
  private fd: number | null = null;
  private pooled = false;
  private readonly slowWriteMs: number;
  private readonly pooledForMs: number;
  private readonly now: () => number;

  constructor(
    readonly path: string,
    options: FileSinkOptions = {},
  ) {
    super({ decodeStrings: true });
    this.slowWriteMs = options.slowWriteMs ?? SLOW_WRITE_MS;
    this.pooledForMs = options.pooledForMs ?? POOLED_FOR_MS;
    this.now = options.now ?? Date.now;
  }

  /** How the next chunk is written: 'direct' on the event loop's thread, or through the 'pool'. */
  get mode(): 'direct' | 'pool' {
    return this.pooled || this.now() < pooledUntil ? 'pool' : 'direct';
  }

  override _construct(callback: (error?: Error | null) => void) {
    fs.open(this.path, 'w', (err, fd) => {
      if (!err) this.fd = fd;
      callback(err);
    });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    const fd = this.fd!;
    if (this.mode === 'pool') return writeAll(fd, chunk, callback);
    const started = performance.now();
    try {
      let done = 0;
      while (done < chunk.length) done += fs.writeSync(fd, chunk, done, chunk.length - done);
    } catch (err) {
      return callback(err as Error);
    }
    if (performance.now() - started > this.slowWriteMs) {
      this.pooled = true;
      pooledUntil = Math.max(pooledUntil, this.now() + this.pooledForMs);
    }
    callback();
  }

  override _final(callback: (error?: Error | null) => void) {
    this.closeFile(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.closeFile(() => callback(error));
  }

  /** Closes the file once (a second close could close a descriptor reused by another file). */
  private closeFile(callback: (error?: Error | null) => void) {
    const fd = this.fd;
    if (fd === null) return callback();
    this.fd = null;
    fs.close(fd, (err) => callback(err));
  }
}

/** Writes all of `chunk` through the thread pool (a short write is continued). */
function writeAll(fd: number, chunk: Buffer, callback: (error?: Error | null) => void, from = 0) {
  fs.write(fd, chunk, from, chunk.length - from, null, (err, written) => {
    if (err) return callback(err);
    if (from + written < chunk.length) return writeAll(fd, chunk, callback, from + written);
    callback();
  });
}
