import { Inject, Injectable, Logger } from '@nestjs/common';
import { HandlesJob, type JobContext, type JobProcessor } from '@sparkhouse/backend';
import {
  AppBlueprintSchema,
  LandingPageSchema,
  OnboardingFlowSchema,
  type BuildAppResult,
  type JobResult,
} from '@sparkhouse/contracts';
import { AI_PROVIDER } from '../../ai/provider-factory';
import type { AiProvider } from '../../ai/ai-provider';
import { AppImageMaker } from '../../media/app-image';
import { generate, quote, untilAborted } from './creator-ai';

type Name = 'creator-apps.build-app';

/**
 * A complete draft app from a prompt, in the named steps a creator watches: blueprint → onboarding
 * → landing-page → app-image. Each step reports progress when it starts and when it ends; later
 * steps are given the blueprint, so the onboarding and landing page describe the same app. The
 * processor only computes: the creator-apps reactor stores the documents from the run's result.
 */
@HandlesJob('creator-apps.build-app')
@Injectable()
export class BuildAppProcessor implements JobProcessor<Name> {
  private readonly logger = new Logger('BuildApp');

  constructor(
    @Inject(AI_PROVIDER) private readonly ai: AiProvider,
    private readonly images: AppImageMaker,
  ) {}

  async run(ctx: JobContext<Name>): Promise<JobResult<Name>> {
    const { appId, prompt, appIdea, appName } = ctx.payload;
    const idea = appIdea?.trim() || prompt;
    const signal = ctx.signal;

    ctx.throwIfAborted();
    await ctx.progress(0, 'blueprint', `Writing the blueprint for ${quote(idea)}`);
    const drafted = await generate(
      this.ai,
      { kind: 'blueprint', prompt, context: { idea, ...(appName ? { appName } : {}) } },
      AppBlueprintSchema,
      'Writing the blueprint',
      signal,
    );
    const blueprint = appName ? { ...drafted, name: appName } : drafted;
    await ctx.progress(25, 'blueprint', `Blueprint ready: ${blueprint.name}, ${blueprint.features.length} features`);

    ctx.throwIfAborted();
    await ctx.progress(25, 'onboarding', `Designing the onboarding flow for ${blueprint.audience}`.slice(0, 200));
    const onboardingFlow = await generate(
      this.ai,
      { kind: 'onboarding', prompt, context: { idea, blueprint } },
      OnboardingFlowSchema,
      'Designing the onboarding flow',
      signal,
    );
    const questions = onboardingFlow.pages.reduce((n, p) => n + p.questions.length, 0);
    await ctx.progress(50, 'onboarding', `Onboarding flow ready: ${onboardingFlow.pages.length} pages, ${questions} questions`);

    ctx.throwIfAborted();
    await ctx.progress(50, 'landing-page', 'Writing the landing page: hero, sections and pricing copy');
    const landingPage = await generate(
      this.ai,
      { kind: 'landing-page', prompt, context: { idea, blueprint } },
      LandingPageSchema,
      'Writing the landing page',
      signal,
    );
    await ctx.progress(75, 'landing-page', `Landing page ready: ${quote(landingPage.hero.title, 80)}`);

    ctx.throwIfAborted();
    await ctx.progress(75, 'app-image', `Making the app image for ${blueprint.name}`);
    const made = await untilAborted(
      this.images.create({ appId, name: blueprint.name, prompt: idea, tagline: blueprint.tagline }, signal),
      signal,
    );
    const { fallbackReason, ...appImage } = made;
    if (fallbackReason) this.logger.warn({ runId: ctx.runId, reason: fallbackReason }, 'app image fell back to drawing');
    await ctx.progress(100, 'app-image', fallbackReason ?? `App image ready (${appImage.width}×${appImage.height})`);

    const result: BuildAppResult = { blueprint, onboardingFlow, landingPage, appImage, generatedBy: this.ai.name };
    return result;
  }
}
