import { Inject, Injectable } from '@nestjs/common';
import { HandlesJob, type JobContext, type JobProcessor } from '@sparkhouse/backend';
import { PersonalizedPlanSchema, PLAN_DEFAULTS, type JobResult } from '@sparkhouse/contracts';
import { AI_PROVIDER } from '../../ai/provider-factory';
import type { AiProvider } from '../../ai/ai-provider';
import { generate } from '../creator/creator-ai';
import { planWithEnoughPhases, transformationDescription } from './plan-phases';

type Name = 'app-visitors.personalized-plan';

/**
 * A visitor's personalized plan, from their onboarding answers and the app's blueprint, through the
 * same AI provider as builds. A plan with fewer valid phases than expected is drafted again; still too
 * few, the attempt fails and BullMQ retries it with backoff (after the last attempt: status 'error').
 */
@HandlesJob('app-visitors.personalized-plan')
@Injectable()
export class PersonalizedPlanProcessor implements JobProcessor<Name> {
  constructor(@Inject(AI_PROVIDER) private readonly ai: AiProvider) {}

  async run(ctx: JobContext<Name>): Promise<JobResult<Name>> {
    const { appName, blueprint, answers, expectedPhaseCount, programLengthWeeks, targetDate } = ctx.payload;
    await ctx.progress(5, 'reading-answers', `Reading your ${answers.length} ${answers.length === 1 ? 'answer' : 'answers'}`);
    const prompt = [
      `Write a personalized ${programLengthWeeks}-week plan in ${expectedPhaseCount} phases for a member of the app "${appName}".`,
      `Each phase needs an id and a title. The member's target date is ${targetDate}.`,
      ...answers.map((a) => `${a.question} ${a.answer}`),
    ].join('\n');
    ctx.throwIfAborted();
    await ctx.progress(20, 'drafting', 'Drafting your plan');
    const { plan, regenerations } = await planWithEnoughPhases(async (regeneration) => {
      if (regeneration > 0) {
        await ctx.progress(20 + regeneration * 15, 'drafting', 'The draft was missing phases: drafting it again');
      }
      return generate(
        this.ai,
        {
          kind: 'personalized-plan',
          prompt: regeneration > 0 ? `${prompt}\n(Draft ${regeneration + 1}: give all ${expectedPhaseCount} phases.)` : prompt,
          context: {
            appName,
            answers,
            expectedPhaseCount,
            programLengthWeeks,
            ...(blueprint ? { idea: `${blueprint.name}: ${blueprint.tagline}`, blueprint } : {}),
          },
        },
        PersonalizedPlanSchema,
        'Drafting the plan',
        ctx.signal,
      );
    }, expectedPhaseCount);
    await ctx.progress(90, 'checking', `${plan.phases.length} phases checked`);
    return {
      plan,
      totalPhaseCount: expectedPhaseCount,
      programLengthWeeks,
      targetDate,
      timeToTargetLabel: PLAN_DEFAULTS.timeToTargetLabel,
      timeToTargetDescription:
        programLengthWeeks === PLAN_DEFAULTS.programLengthWeeks
          ? PLAN_DEFAULTS.timeToTargetDescription
          : transformationDescription(programLengthWeeks),
      regenerations,
      generatedBy: this.ai.name,
    };
  }
}
