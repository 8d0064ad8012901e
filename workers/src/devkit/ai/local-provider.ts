import type { z } from 'zod';
import { AiProviderError, describeIssues, kindLabel, type AiProvider, type AiTask } from '../../ai/ai-provider';
import { createRng, hashString } from '../../seeded-random';
import { extractIdea, titleCase } from './local-subject';
import { brainstorm, editorSuggestions } from './local-idea-templates';
import { blueprint, editLandingPage, landingPage, onboarding } from './local-templates';
import { LandingPageSchema } from '@sparkhouse/contracts';
import { personalizedPlan, planContext } from './local-plan';
import { describeLocally, materialOf } from './local-description';
import { analyzeLocally, filesOf } from './local-analysis';

/**
 * The default AI when no model is configured: no network, and the same kind + prompt always
 * gives the same answer (seeded from a hash), so previews, tests and demos are reproducible.
 * It is labelled so the UI can say "generated locally" rather than pass it off as a model.
 */
export class LocalProvider implements AiProvider {
  readonly name = 'local-generator';
  readonly isLocal = true;

  async generate<T>(task: AiTask, schema: z.ZodType<T>): Promise<T> {
    const draft = this.draft(task);
    // Same contract as a remote model: the caller's schema has the last word.
    const parsed = schema.safeParse(draft);
    if (!parsed.success) {
      throw new AiProviderError(
        'unsupported',
        `The local generator's ${kindLabel(task.kind)} answer did not match the requested schema: ${describeIssues(parsed.error)}`,
        { provider: this.name, kind: task.kind },
      );
    }
    return parsed.data;
  }

  /** The raw answer for a task, before schema validation. */
  draft(task: AiTask): unknown {
    // Edits and help requests are phrased as instructions; the app idea (if given) names the subject.
    const ideaText = typeof task.context?.['idea'] === 'string' ? task.context['idea'] : '';
    const idea = extractIdea(ideaText || task.prompt);
    const ctx = { ...idea, rng: createRng(hashString(`${task.kind}\u0000${task.prompt}\u0000${ideaText}`)) };
    switch (task.kind) {
      case 'blueprint':
      case 'blueprint-help':
        return blueprint(ctx);
      case 'onboarding':
        return onboarding(ctx);
      case 'landing-page':
        return landingPage(ctx);
      case 'landing-page-edit': {
        // An edit starts from the creator's current page when the context carries a valid one.
        const current = LandingPageSchema.safeParse(task.context?.['landingPage']);
        return editLandingPage(ctx, current.success ? current.data : undefined, task.prompt);
      }
      case 'brainstorm':
        return brainstorm(ctx);
      case 'editor-suggestions':
        return editorSuggestions(ctx);
      case 'personalized-plan':
        return personalizedPlan(ctx, planContext(task.context, titleCase(ctx.subject)));
      case 'content-description':
        return describeLocally(materialOf(task.context, task.prompt));
      case 'uploads-analysis':
        return analyzeLocally(filesOf(task.context), task.prompt);
      default: {
        const kind: never = task.kind;
        throw new AiProviderError('unsupported', `The local generator has no template for task kind '${String(kind)}'`, {
          provider: this.name,
        });
      }
    }
  }
}
