import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import sharp from 'sharp';
import {
  APP_CONFIG,
  HandlesJob,
  MEDIA_STORAGE,
  originalKey,
  thumbnailKeyOf,
  type AppConfig,
  type JobContext,
  type JobProcessor,
  type MediaStorage,
} from '@sparkhouse/backend';
import type { JobResult } from '@sparkhouse/contracts';
import { AppImageMaker } from '../../media/app-image';
import { COMPOSED, composeImage, type ComposeInput } from '../../media/composed-image';
import { readImage } from '../../media/image-facts';
import { copyInput, withTempDir } from '../../media/input-files';
import { untilAborted } from './creator-ai';

type Name = 'creator-apps.image-from-inputs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The library file a run writes: named by the run, so a retried run writes the same file and it is added once. */
export function fileIdOfRun(runId: string): string {
  if (UUID.test(runId)) return runId;
  const hex = createHash('sha256').update(`generated\n${runId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** "generated-a-poster-for-the-spring-class.png". */
export function generatedFileName(prompt: string): string {
  const slug = prompt
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return `generated-${slug || 'image'}.png`;
}

/** The side of a generated picture's thumbnail, as uploads get. */
const THUMBNAIL_SIZE = 640;

/**
 * generateImageFromInputs: a new picture from up to ten files and the creator's words. With an images
 * API configured it is asked first (it is told the words, the context and what the files are) and
 * the picture is composed instead, saying why, when it fails; without one it is composed with sharp:
 * the pictures laid out as tiles on a gradient of their colours, other files as cards, the words as a
 * caption. The picture and its thumbnail are stored in the app's library storage under the run's
 * file id; the creator-apps reactor adds the library item.
 */
@HandlesJob('creator-apps.image-from-inputs')
@Injectable()
export class ImageFromInputsProcessor implements JobProcessor<Name> {
  private readonly logger = new Logger('ImageFromInputs');

  constructor(
    private readonly images: AppImageMaker,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(ctx: JobContext<Name>): Promise<JobResult<Name>> {
    const { appId, items, prompt, inputContext, cardContext } = ctx.payload;
    return withTempDir(
      'image-from-inputs-',
      async (dir) => {
        const inputs: ComposeInput[] = [];
        for (const [i, item] of items.entries()) {
          ctx.throwIfAborted();
          await ctx.progress((i / items.length) * 40, 'reading', `Reading file ${i + 1} of ${items.length}`);
          const file = path.join(dir, `file-${i}`);
          await copyInput(item, i + 1, file, { storage: this.storage, config: this.config, signal: ctx.signal });
          if (item.type === 'image') {
            const image = await readImage(file).catch(() => {
              throw new UnrecoverableError(`File ${i + 1} is not a readable image.`);
            });
            inputs.push({ kind: 'image', bytes: await fs.readFile(file), dominant: image.dominant });
          } else inputs.push({ kind: item.type });
          await fs.rm(file, { force: true });
        }

        await ctx.progress(40, 'drawing', `Making “${prompt.slice(0, 60)}”`);
        const words = [prompt, inputContext, cardContext].filter(Boolean).join('. ');
        let png: Buffer | null = null;
        let generatedBy = 'procedural';
        let fallbackReason: string | undefined;
        const model = this.images.imageApiModel;
        if (model) {
          const kinds = inputs.map((x) => x.kind).join(', ');
          try {
            png = await untilAborted(
              this.images.apiPicture(`${words}. It should go with the creator's files (${kinds}).`, COMPOSED, ctx.signal),
              ctx.signal,
            );
            generatedBy = `image-api:${model}`;
          } catch (error) {
            ctx.throwIfAborted();
            fallbackReason = `The image service failed (${error instanceof Error ? error.message : String(error)}); the picture was composed instead.`;
            this.logger.warn({ runId: ctx.runId, reason: fallbackReason }, 'picture composed instead');
          }
        }
        png ??= await untilAborted(composeImage(inputs, prompt, `${words}\u0000${ctx.runId}`), ctx.signal);

        await ctx.progress(85, 'saving', 'Adding the picture to the media library');
        const key = originalKey(appId, fileIdOfRun(ctx.runId), 'png');
        const thumbnailKey = thumbnailKeyOf(key);
        const original = path.join(dir, 'made.png');
        const thumb = path.join(dir, 'made.thumb.webp');
        await fs.writeFile(original, png);
        await sharp(png)
          .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside' })
          .webp({ quality: 78 })
          .toFile(thumb);
        await this.storage.putFile(thumbnailKey, thumb, 'image/webp');
        await this.storage.putFile(key, original, 'image/png');
        await ctx.progress(100, 'saving', 'Picture ready');
        return {
          key,
          thumbnailKey,
          fileName: generatedFileName(prompt),
          width: COMPOSED.width,
          height: COMPOSED.height,
          generatedBy,
          imagesUsed: inputs.filter((x) => x.kind === 'image').length,
          inputs: inputs.length,
          ...(fallbackReason ? { fallbackReason } : {}),
        };
      },
      os.tmpdir(),
    );
  }
}
