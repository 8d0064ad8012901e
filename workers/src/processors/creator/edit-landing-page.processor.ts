import { Inject, Injectable } from '@nestjs/common';
import { HandlesJob, type JobContext, type JobProcessor } from '@sparkhouse/backend';
import { LandingPageSchema, type JobResult } from '@sparkhouse/contracts';
import { AI_PROVIDER } from '../../ai/provider-factory';
import type { AiProvider } from '../../ai/ai-provider';
import { generate, quote } from './creator-ai';

type Name = 'creator-apps.edit-landing-page';

/** Applies a creator's instruction to the current landing page; the result becomes a new version. */
@HandlesJob('creator-apps.edit-landing-page')
@Injectable()
export class EditLandingPageProcessor implements JobProcessor<Name> {
  constructor(@Inject(AI_PROVIDER) private readonly ai: AiProvider) {}

  async run(ctx: JobContext<Name>): Promise<JobResult<Name>> {
    const { instruction, landingPage, appIdea } = ctx.payload;
    ctx.throwIfAborted();
    await ctx.progress(0, 'editing', `Applying ${quote(instruction)} to the landing page`);
    const edited = await generate(
      this.ai,
      { kind: 'landing-page-edit', prompt: instruction, context: { landingPage, ...(appIdea ? { idea: appIdea } : {}) } },
      LandingPageSchema,
      'Editing the landing page',
      ctx.signal,
    );
    await ctx.progress(100, 'editing', 'Landing page edited');
    return { landingPage: edited, generatedBy: this.ai.name };
  }
}
