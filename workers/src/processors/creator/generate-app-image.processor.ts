import { Injectable, Logger } from '@nestjs/common';
import { HandlesJob, type JobContext, type JobProcessor } from '@sparkhouse/backend';
import type { JobResult } from '@sparkhouse/contracts';
import { AppImageMaker } from '../../media/app-image';
import { untilAborted } from './creator-ai';

type Name = 'creator-apps.generate-app-image';

/**
 * A new image for an app from its idea and the creator's words: asked of the images API when one is
 * configured (drawn instead, saying why, when it fails), drawn with sharp otherwise. Each run draws a
 * new picture. The creator-apps reactor makes it the app's image.
 */
@HandlesJob('creator-apps.generate-app-image')
@Injectable()
export class GenerateAppImageProcessor implements JobProcessor<Name> {
  private readonly logger = new Logger('GenerateAppImage');

  constructor(private readonly images: AppImageMaker) {}

  async run(ctx: JobContext<Name>): Promise<JobResult<Name>> {
    const { appId, name, idea, prompt, imageContext } = ctx.payload;
    await ctx.progress(0, 'drawing', prompt ? `Drawing “${prompt.slice(0, 60)}”` : 'Drawing a new image');
    const words = [idea, prompt, imageContext ? `For: ${imageContext}` : ''].filter(Boolean).join('. ');
    const created = await untilAborted(
      this.images.create({ appId, name, prompt: words || name, variation: ctx.runId }, ctx.signal),
      ctx.signal,
    );
    const { fallbackReason, ...appImage } = created;
    if (fallbackReason) this.logger.warn({ runId: ctx.runId, reason: fallbackReason }, 'app image drawn instead');
    await ctx.progress(100, 'drawing', 'Image ready');
    return { appImage, ...(fallbackReason ? { fallbackReason } : {}) };
  }
}
