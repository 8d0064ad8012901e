import { countValidPhases, isValidPhase, type PersonalizedPlanDocument } from '@sparkhouse/contracts';

/** Plans drafted again, within one attempt, when a draft has too few valid phases. */
export const MAX_REGENERATIONS = 2;

export class PlanTooShortError extends Error {
  override readonly name = 'PlanTooShortError';
  constructor(
    readonly validPhases: number,
    readonly expected: number,
    readonly drafts: number,
  ) {
    super(`The plan had ${validPhases} valid phases of ${expected} expected after ${drafts} drafts`);
  }
}

/**
 * Drafts a plan until it has at least `expected` valid phases (id and title, spec 5), drafting again
 * at most `maxRegenerations` times; answers the plan with its valid phases only. Too few every time:
 * PlanTooShortError (the job's attempt fails and is retried with backoff).
 */
export async function planWithEnoughPhases(
  draft: (regeneration: number) => Promise<PersonalizedPlanDocument>,
  expected: number,
  maxRegenerations = MAX_REGENERATIONS,
): Promise<{ plan: PersonalizedPlanDocument; regenerations: number }> {
  let best = 0;
  for (let regeneration = 0; regeneration <= maxRegenerations; regeneration++) {
    const plan = await draft(regeneration);
    const valid = countValidPhases(plan.phases);
    if (valid >= expected) return { plan: { ...plan, phases: plan.phases.filter(isValidPhase) }, regenerations: regeneration };
    best = Math.max(best, valid);
  }
  throw new PlanTooShortError(best, expected, maxRegenerations + 1);
}

/** "6-Week Transformation Plan" (the spec's default text) for the program's length. */
export const transformationDescription = (weeks: number) => `${weeks}-Week Transformation Plan`;
