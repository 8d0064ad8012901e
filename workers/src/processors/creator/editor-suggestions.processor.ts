import { Inject, Injectable, Logger } from '@nestjs/common';
import { HandlesJob, type JobContext, type JobProcessor } from '@sparkhouse/backend';
import type { JobResult } from '@sparkhouse/contracts';
import { AI_PROVIDER } from '../../ai/provider-factory';
import type { AiProvider } from '../../ai/ai-provider';
import { getEditorSuggestions } from '../../ai/editor-suggestions';

type Name = 'creator-apps.editor-suggestions';

/**
 * The editor's plus-button suggestions. Never fails: when the provider does, the default Suggested,
 * Stories and Activities sections are answered with usedFallback, and the reason is logged.
 */
@HandlesJob('creator-apps.editor-suggestions')
@Injectable()
export class EditorSuggestionsProcessor implements JobProcessor<Name> {
  private readonly logger = new Logger('EditorSuggestions');

  constructor(@Inject(AI_PROVIDER) private readonly ai: AiProvider) {}

  async run(ctx: JobContext<Name>): Promise<JobResult<Name>> {
    const { idea, appName, context } = ctx.payload;
    const fromContext = typeof context?.['idea'] === 'string' ? context['idea'] : undefined;
    await ctx.progress(0, 'suggesting', 'Finding suggestions for the editor');
    let usedFallback = false;
    const { sections } = await getEditorSuggestions(this.ai, { idea: idea ?? fromContext, appName, editor: context }, (err) => {
      usedFallback = true;
      this.logger.warn(
        { runId: ctx.runId, err: err instanceof Error ? err.message : String(err) },
        'editor suggestions fell back',
      );
    });
    await ctx.progress(100, 'suggesting', usedFallback ? 'Showing the default suggestions' : 'Suggestions ready');
    return { sections, usedFallback, generatedBy: usedFallback ? 'defaults' : this.ai.name };
  }
}
