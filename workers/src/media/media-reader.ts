import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, ffmpegPath, ffprobePath, type AppConfig } from '@sparkhouse/backend';
import type { MediaType } from '@sparkhouse/contracts';
import { UnreadableMediaError, type UploadReading } from './upload-reading';

export interface ReadRequest {
  id: number;
  file: string;
  type: MediaType;
  thumbnail: string;
}
export type ReadReply =
  { id: number; ok: true; reading: UploadReading } | { id: number; ok: false; unreadable: MediaType | null; message: string };

/** A file the reader has not answered for in this time is given up on (and the reader started again). */
const READ_TIMEOUT_MS = 120_000;
/** Heap of the reader process, in MB (decoded pictures live outside it, in libvips). */
const READER_HEAP_MB = 256;

/**
 * The worker's way to read uploaded files: hands each one to the media reader process
 * (media-reader-child.ts), at most MEDIA_PROCESSING_CONCURRENCY at a time, the others waiting their
 * turn. The process is started on first use, runs at a lower CPU priority than the API and the
 * worker, and is started again if it dies (what it was reading fails and is retried by its job).
 */
@Injectable()
export class MediaReader implements OnApplicationShutdown {
  private readonly logger = new Logger('MediaReader');
  private child: ChildProcess | null = null;
  private nextId = 0;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly pending = new Map<
    number,
    { resolve: (r: UploadReading) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
  >();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Reads `file` as a `type`, writing its thumbnail (if it has a picture) to `thumbnail`. */
  async read(file: string, type: MediaType, thumbnail: string): Promise<UploadReading> {
    if (this.running >= this.config.MEDIA_PROCESSING_CONCURRENCY) await new Promise<void>((go) => this.waiting.push(go));
    this.running += 1;
    try {
      return await this.ask({ id: ++this.nextId, file, type, thumbnail });
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  onApplicationShutdown() {
    this.child?.kill();
    this.child = null;
  }

  private ask(request: ReadRequest): Promise<UploadReading> {
    const child = this.process();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(request.id);
        reject(new Error(`Reading the file took longer than ${READ_TIMEOUT_MS / 1000} s.`));
        // whatever it is stuck on goes with it
        child.kill('SIGKILL');
      }, READ_TIMEOUT_MS);
      this.pending.set(request.id, { resolve, reject, timer });
      child.send(request);
    });
  }

  private process(): ChildProcess {
    if (this.child) return this.child;
    // the compiled reader beside this file's compiled form: workers/dist/media (also when this file
    // runs from workers/src under the test runner: ../../dist/media resolves to the same folder)
    const script = path.resolve(__dirname, '../../dist/media/media-reader-child.js');
    const child = fork(script, [], {
      execArgv: [`--max-old-space-size=${READER_HEAP_MB}`],
      env: { ...process.env, MEDIA_READER_FFMPEG: ffmpegPath, MEDIA_READER_FFPROBE: ffprobePath },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
    });
    child.on('message', (reply: ReadReply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      clearTimeout(waiter.timer);
      if (reply.ok) waiter.resolve(reply.reading);
      else if (reply.unreadable) waiter.reject(new UnreadableMediaError(reply.unreadable));
      else waiter.reject(new Error(reply.message));
    });
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (this.pending.size > 0)
        this.logger.warn({ code, signal }, 'the media reader stopped; the files it was reading are tried again');
      for (const [id, waiter] of this.pending) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error('The media reader stopped while reading the file.'));
        this.pending.delete(id);
      }
    });
    child.on('error', (err) => this.logger.warn({ err }, 'media reader process error'));
    this.child = child;
    return child;
  }
}
