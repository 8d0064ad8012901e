import { Inject, Injectable } from '@nestjs/common';
import { HandlesJob, type JobContext, type JobProcessor } from '@sparkhouse/backend';
import { AppBlueprintSchema, type JobResult } from '@sparkhouse/contracts';
import { AI_PROVIDER } from '../../ai/provider-factory';
import type { AiProvider } from '../../ai/ai-provider';
import { generate } from './creator-ai';

type Name = 'creator-apps.blueprint-help';

/** A suggested blueprint for an app (getBlueprintHelpForApp waits for it), built on the current draft when given. */
@HandlesJob('creator-apps.blueprint-help')
@Injectable()
export class BlueprintHelpProcessor implements JobProcessor<Name> {
  constructor(@Inject(AI_PROVIDER) private readonly ai: AiProvider) {}

  async run(ctx: JobContext<Name>): Promise<JobResult<Name>> {
    const { prompt, blueprint } = ctx.payload;
    await ctx.progress(0, 'thinking', 'Looking at the blueprint');
    const suggestion = await generate(
      this.ai,
      { kind: 'blueprint-help', prompt, context: { idea: prompt, ...(blueprint ? { blueprint } : {}) } },
      AppBlueprintSchema,
      'Suggesting a blueprint',
      ctx.signal,
    );
    await ctx.progress(100, 'thinking', 'Suggestions ready');
    return { blueprint: suggestion, generatedBy: this.ai.name };
  }
}
