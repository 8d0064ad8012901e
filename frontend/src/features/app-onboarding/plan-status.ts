import { countValidPhases, PLAN_DEFAULTS, type CallResponse } from '@sparkhouse/contracts';
import type { appVisitors } from '../../api/routes';

export type PlanStatus = CallResponse<typeof appVisitors.checkPlanStatus>;

/** Spec 8: an anonymous plan status check needs the visitor's id. */
export const USER_ID_REQUIRED = 'User ID is required to check plan status';
/** Spec 8: a failed status check reads as status 'error' with this message. */
export const CHECK_FAILED = 'Failed to check plan status';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The client's plan status rule (spec 4), in one place: only 'completed' is read as a plan; a
 * completed plan with fewer valid phases (id and title) than expected is checked again, up to 3
 * times, 1.5 s apart. A failing check answers status 'error' with 'Failed to check plan status'.
 */
export async function readPlanStatus(
  userId: string | null | undefined,
  check: (userId: string) => Promise<PlanStatus>,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<PlanStatus | { status: 'error'; error: string }> {
  if (!userId) throw new Error(USER_ID_REQUIRED);
  try {
    let answer = await check(userId);
    for (let retry = 0; retry < PLAN_DEFAULTS.statusRetries && isShort(answer); retry++) {
      await wait(PLAN_DEFAULTS.statusRetryDelayMs);
      answer = await check(userId);
    }
    return answer;
  } catch {
    return { status: 'error', error: CHECK_FAILED };
  }
}

const isShort = (answer: PlanStatus) =>
  answer.status === 'completed' &&
  countValidPhases(answer.plan?.phases) < (answer.totalPhaseCount || PLAN_DEFAULTS.totalPhaseCount);
