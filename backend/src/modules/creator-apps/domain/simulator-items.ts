import {
  countValidPhases,
  isEventOf,
  personalizedPlanResultSchema,
  SimulatorItemRecorded,
  type EventPayload,
  type NewEvent,
  type OnboardingAnswer,
  type SimulatedFlow,
  type StoredEvent,
} from '@sparkhouse/contracts';

/*
 * Simulator items: what a creator's simulator run captured (the answers it gave) and produced (the
 * plan made from them). Each run that asks for a plan has its own stream, keyed by the plan job's
 * run id: its answers are recorded with the request, its plan once the job completes.
 */

export type SimulatorItemFact = EventPayload<typeof SimulatorItemRecorded>;

export const simulatorRunStreamId = (runId: string) => `simulator-run-${runId}`;

/** The simulator run a plan request belongs to. */
export interface SimulatorRun {
  appId: string;
  ownerId: string;
  testingStepId: string;
  flow: SimulatedFlow;
  planId: string;
  runId: string;
}

const SUMMARY_MAX = 240;
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The answers a run gave, recorded as it asks for its plan. */
export function answersItem(
  run: SimulatorRun,
  itemId: string,
  answers: Record<string, OnboardingAnswer>,
  inWords: { question: string; answer: string }[],
): SimulatorItemFact {
  return {
    itemId,
    appId: run.appId,
    ownerId: run.ownerId,
    itemType: 'onboarding-answers',
    testingStepId: run.testingStepId,
    flow: run.flow,
    title: `Answers to ${plural(inWords.length, 'question')}`,
    summary: clip(inWords.map((w) => `${w.question} ${w.answer}`).join(' · ') || 'No question answered.', SUMMARY_MAX),
    data: { answers, inWords, runId: run.runId, planId: run.planId },
  };
}

/**
 * The plan item of a run, decided on the run's stream: recorded once, and only for a stream that holds
 * a simulator run's answers (a live visitor's plan has no such stream). null: nothing to record.
 * A result that is not a plan is not recorded either.
 */
export function decidePlanItem(stream: readonly StoredEvent[], result: unknown): NewEvent[] | null {
  const facts = stream.flatMap((e) => (isEventOf(e, 'SimulatorItemRecorded') ? [e.payload] : []));
  const answers = facts.find((f) => f.itemType === 'onboarding-answers');
  if (!answers || facts.some((f) => f.itemType === 'plan')) return null;
  const parsed = personalizedPlanResultSchema.safeParse(result);
  if (!parsed.success) return null;
  const plan = parsed.data;
  const { planId, runId } = answers.data as { planId: string; runId: string };
  const phases = countValidPhases(plan.plan.phases);
  const fact: SimulatorItemFact = {
    itemId: planId,
    appId: answers.appId,
    ownerId: answers.ownerId,
    itemType: 'plan',
    testingStepId: answers.testingStepId,
    flow: answers.flow,
    title: clip(plan.plan.title, 160),
    summary: clip(
      `${plural(phases, 'phase')} over ${plural(plan.programLengthWeeks, 'week')}, target ${plan.targetDate}. ${plan.plan.summary}`,
      SUMMARY_MAX,
    ),
    data: { planId, runId, result: plan },
  };
  return [{ type: SimulatorItemRecorded.type, payload: fact }];
}
