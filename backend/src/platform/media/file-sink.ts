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

/** Whether file calls made now go through the thread pool (a slow one was seen lately). */
function pooledNow(now: number) {
  return now < pooledUntil;
}

/** Notes how long a call on the event loop's thread took; a slow one sends every file call of the process to the pool for a while. */
function timed<T>(call: () => T, slowMs: number, pooledForMs: number, now: () => number): { result: T; slow: boolean } {
  const started = performance.now();
  const result = call();
  const slow = performance.now() - started > slowMs;
  if (slow) pooledUntil = Math.max(pooledUntil, now() + pooledForMs);
  return { result, slow };
}

/**
 * A call on a local file that takes microseconds while the disk answers at memory speed (making a
 * folder, a rename within the disk): made on the event loop's thread, like FileSink's calls, and
 * through the thread pool (`pooled`) while the process has lately seen a slow one. A thrown error
 * becomes the promise's rejection.
 */
export function quickFileCall<T>(direct: () => T, pooled: () => Promise<T>, options: FileSinkOptions = {}): Promise<T> {
  const now = options.now ?? Date.now;
  if (pooledNow(now())) return pooled();
  try {
    return Promise.resolve(timed(direct, options.slowWriteMs ?? SLOW_WRITE_MS, options.pooledForMs ?? POOLED_FOR_MS, now).result);
  } catch (err) {
    return Promise.reject(err as Error);
  }
}

/**
 * A file written from a request stream. While the kernel takes writes at memory speed, the file is
 * opened, written chunk by chunk and closed straight from the event loop's thread: handing a 64 KB
 * chunk (or an open, or a close) to libuv's thread pool costs more than copying it into the page
 * cache (a wake-up of a pool thread and one of the event loop per call, on two busy cores), and it
 * was the largest cost of an upload (media bench). A call that takes
 * longer than `slowWriteMs` means writers are being held back: from then on this file, and for
 * `pooledForMs` every file call of the process, goes through the thread pool again, so a slow disk
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
    return this.pooled || pooledNow(this.now()) ? 'pool' : 'direct';
  }

  override _construct(callback: (error?: Error | null) => void) {
    if (this.mode === 'pool') {
      return fs.open(this.path, 'w', (err, fd) => {
        if (!err) this.fd = fd;
        callback(err);
      });
    }
    try {
      this.fd = this.direct(() => fs.openSync(this.path, 'w'));
    } catch (err) {
      return callback(err as Error);
    }
    callback();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    const fd = this.fd!;
    if (this.mode === 'pool') return writeAll(fd, chunk, callback);
    try {
      this.direct(() => {
        let done = 0;
        while (done < chunk.length) done += fs.writeSync(fd, chunk, done, chunk.length - done);
      });
    } catch (err) {
      return callback(err as Error);
    }
    callback();
  }

  /** A call on the event loop's thread; a slow one sends the rest of this file (and, for a while, every file) to the pool. */
  private direct<T>(call: () => T): T {
    const { result, slow } = timed(call, this.slowWriteMs, this.pooledForMs, this.now);
    if (slow) this.pooled = true;
    return result;
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
    if (this.mode === 'pool') return fs.close(fd, (err) => callback(err));
    try {
      this.direct(() => fs.closeSync(fd));
    } catch (err) {
      return callback(err as Error);
    }
    callback();
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
