import { Injectable } from '@nestjs/common';
import { HandlesJob, type JobContext, type JobProcessor } from '@sparkhouse/backend';
import type { JobResult } from '@sparkhouse/contracts';
import { SceneImageMaker } from '../../media/scene-image';
import { untilAborted } from './creator-ai';

/**
 * A new hero or section picture for the landing page, drawn from the app's idea, the part's title and
 * the creator's instructions (each run a new picture). The creator-apps reactor puts it in a new
 * landing-page version.
 */
@HandlesJob('creator-apps.landing-page-image')
@Injectable()
export class LandingPageImageProcessor implements JobProcessor<'creator-apps.landing-page-image'> {
  constructor(private readonly scenes: SceneImageMaker) {}

  async run(ctx: JobContext<'creator-apps.landing-page-image'>): Promise<JobResult<'creator-apps.landing-page-image'>> {
    const { appId, idea, imageType, subject, instructions } = ctx.payload;
    const where = imageType === 'hero' ? 'the hero' : `section ${imageType.slice('section-'.length)}`;
    await ctx.progress(0, 'drawing', `Drawing a new picture for ${where}`);
    const seed = [idea, subject, instructions ?? '', ctx.runId].join('\u0000');
    const image = await untilAborted(this.scenes.banner(appId, seed), ctx.signal);
    await ctx.progress(100, 'drawing', 'Picture ready');
    return { imageType, image };
  }
}

/** New store screenshots: one phone screen per landing-page section, in the app's colours. */
@HandlesJob('creator-apps.ai-screenshots')
@Injectable()
export class AiScreenshotsProcessor implements JobProcessor<'creator-apps.ai-screenshots'> {
  constructor(private readonly scenes: SceneImageMaker) {}

  async run(ctx: JobContext<'creator-apps.ai-screenshots'>): Promise<JobResult<'creator-apps.ai-screenshots'>> {
    const { appId, name, idea, screens, additionalPrompt } = ctx.payload;
    const seed = [name, idea, additionalPrompt ?? '', ctx.runId].join('\u0000');
    const screenshots: JobResult<'creator-apps.ai-screenshots'>['screenshots'] = [];
    for (const [index, caption] of screens.entries()) {
      ctx.throwIfAborted();
      await ctx.progress(
        (index / screens.length) * 100,
        'drawing',
        `Drawing screen ${index + 1} of ${screens.length}: ${caption}`,
      );
      screenshots.push({ ...(await this.scenes.screen(appId, seed, index)), caption });
    }
    await ctx.progress(100, 'drawing', `${screens.length} screenshots ready`);
    return { screenshots };
  }
}
