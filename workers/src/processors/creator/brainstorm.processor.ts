import { Inject, Injectable } from '@nestjs/common';
import { HandlesJob, type JobContext, type JobProcessor } from '@sparkhouse/backend';
import { BrainstormIdeasSchema, type JobResult } from '@sparkhouse/contracts';
import { AI_PROVIDER } from '../../ai/provider-factory';
import type { AiProvider } from '../../ai/ai-provider';
import { generate, quote } from './creator-ai';

type Name = 'creator-apps.brainstorm';

/** App ideas from a creator's prompt (getBrainstormStatus / getBrainstormApps follow the run). */
@HandlesJob('creator-apps.brainstorm')
@Injectable()
export class BrainstormProcessor implements JobProcessor<Name> {
  constructor(@Inject(AI_PROVIDER) private readonly ai: AiProvider) {}

  async run(ctx: JobContext<Name>): Promise<JobResult<Name>> {
    const { prompt } = ctx.payload;
    ctx.throwIfAborted();
    await ctx.progress(0, 'brainstorming', `Brainstorming app ideas around ${quote(prompt)}`);
    const { ideas } = await generate(this.ai, { kind: 'brainstorm', prompt }, BrainstormIdeasSchema, 'Brainstorming', ctx.signal);
    await ctx.progress(100, 'brainstorming', `${ideas.length} app ideas ready`);
    return { ideas, generatedBy: this.ai.name };
  }
}
