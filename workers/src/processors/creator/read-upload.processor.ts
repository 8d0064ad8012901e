import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import {
  HandlesJob,
  MEDIA_STORAGE,
  thumbnailKeyOf,
  type JobContext,
  type JobProcessor,
  type MediaStorage,
} from '@sparkhouse/backend';
import type { JobResult, MediaType } from '@sparkhouse/contracts';
import { MediaReader } from '../../media/media-reader';
import { UnreadableMediaError } from '../../media/upload-reading';

type Name = 'creator-apps.read-upload';

const KIND: Record<MediaType, string> = { image: 'image', video: 'video', audio: 'audio file', pdf: 'PDF' };

/**
 * Reads a file just uploaded to a media library: its thumbnail or poster frame (stored beside it) and
 * what only decoders tell (frames, codecs, an exact duration). The creator-apps module puts the result
 * on the library item. Local-disk storage is read where the file lies; S3 is copied to a temporary
 * file first (streamed). A file the decoders cannot read fails at once, with the reason the creator sees.
 */
@HandlesJob('creator-apps.read-upload')
@Injectable()
export class ReadUploadProcessor implements JobProcessor<Name> {
  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    private readonly reader: MediaReader,
  ) {}

  async run(ctx: JobContext<Name>): Promise<JobResult<Name>> {
    const { key, type } = ctx.payload;
    await ctx.progress(0, 'reading', `Reading the ${KIND[type]}`);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'read-upload-'));
    try {
      const file = this.storage.localPath?.(key) ?? (await this.copy(key, type, path.join(dir, 'file'), ctx.signal));
      const thumbnail = path.join(dir, 'thumb.webp');
      const reading = await this.reader.read(file, type, thumbnail).catch((err: Error) => {
        if (err instanceof UnreadableMediaError) {
          throw new UnrecoverableError(`The ${KIND[err.type]} could not be read: it may be damaged or incomplete.`);
        }
        throw err;
      });
      ctx.throwIfAborted();
      const thumbnailKey = reading.thumbnailPath ? thumbnailKeyOf(key) : null;
      if (reading.thumbnailPath && thumbnailKey) await this.storage.putFile(thumbnailKey, reading.thumbnailPath, 'image/webp');
      await ctx.progress(100, 'reading', `The ${KIND[type]} is read`);
      return { key, metadata: reading.metadata, thumbnailKey };
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  private async copy(key: string, type: MediaType, file: string, signal: AbortSignal): Promise<string> {
    const stream = await this.storage.read(key);
    if (!stream) throw new UnrecoverableError(`The ${KIND[type]} is no longer in the media library.`);
    await pipeline(stream, createWriteStream(file), { signal });
    return file;
  }
}
