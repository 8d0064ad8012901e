import { PLAN_DEFAULTS, type PersonalizedPlanDocument } from '@sparkhouse/contracts';
import { countOf, withArticle } from './local-english';
import { capitalise, type TemplateCtx as Ctx } from './local-subject';

/** What a plan is made from, as the personalized-plan task carries it in its context. */
export interface PlanContext {
  appName: string;
  answers: { question: string; answer: string }[];
  expectedPhaseCount: number;
  programLengthWeeks: number;
  focus?: string;
}

/** The task's context read defensively (a bare prompt gets the spec's defaults). */
export function planContext(context: Record<string, unknown> | undefined, appName: string): PlanContext {
  const c = (context ?? {}) as Partial<PlanContext>;
  return {
    appName: typeof c.appName === 'string' && c.appName ? c.appName : appName,
    answers: Array.isArray(c.answers) ? c.answers.filter((a) => typeof a?.answer === 'string') : [],
    expectedPhaseCount: typeof c.expectedPhaseCount === 'number' ? c.expectedPhaseCount : PLAN_DEFAULTS.totalPhaseCount,
    programLengthWeeks: typeof c.programLengthWeeks === 'number' ? c.programLengthWeeks : PLAN_DEFAULTS.programLengthWeeks,
    ...(typeof c.focus === 'string' ? { focus: c.focus } : {}),
  };
}

/** The plan's stages in order, each with what that phase is for; `{focus}` is what the visitor is working towards. */
const STAGES: readonly (readonly [title: string, purpose: string])[] = [
  ['Find your baseline', 'Start where you are: an easy first session, no pushing, and a note of how it went.'],
  ['Build the habit', 'Short, regular sessions. Turning up matters more than effort this week.'],
  ['Steady foundations', 'Repeat what worked and tidy up the basics before anything new.'],
  ['Add a little more', 'Add one small step: a bit longer, a bit more often or a bit harder, never all three.'],
  ['Consistency week', 'No new goals. Keep every planned session, even the short ones.'],
  ['First milestone', 'Look back at your first week and mark how far you have come towards {focus}.'],
  ['Raise the bar', 'Set a slightly harder target on the way to {focus} and pick the days you will work on it.'],
  ['Recover and reset', 'Ease off so you can catch up with yourself; light sessions keep the habit alive.'],
  ['Sharpen the details', 'Spend your sessions on whatever still feels hardest on the way to {focus}.'],
  ['Push the edge', 'Your toughest phase: go a little past what felt comfortable, then rest properly.'],
  ['Bring it together', 'Put everything so far together in full sessions that feel like the real thing.'],
  ['Taper and trust', 'Do a little less and trust the work you have done, so you arrive fresh.'],
  ['The big day', 'What this plan builds up to: give {focus} your best, then look back at week one to see how far you came.'],
];

/** Phases that also plan around one of the visitor's other answers (every third, from the second). */
const usesDetail = (i: number) => i % 3 === 1;

/**
 * The local generator's personalized plan: as many phases as asked for, spread over the program's
 * weeks, each saying what it is for; some name the visitor's focus, some plan around their other
 * answers (each once, in turn). Same answers, same plan.
 */
export function personalizedPlan(c: Ctx, plan: PlanContext): PersonalizedPlanDocument {
  const count = Math.max(1, Math.min(40, plan.expectedPhaseCount));
  const weeks = Math.max(1, plan.programLengthWeeks);
  // answers are quoted as the visitor wrote them (no trailing full stop), so they never need to fit the grammar
  const said = (a: string) =>
    a
      .trim()
      .replace(/\s+/g, ' ')
      .replace(/[.!?;,]+$/, '');
  const focus = said(plan.focus?.trim() || plan.answers[0]?.answer || '') || c.topic;
  const quotedFocus = focus === c.topic ? c.topic : `“${focus}”`;
  // words read well in a sentence; bare numbers and dates do not
  const detail = plan.answers
    .slice(1)
    .map((a) => said(a.answer))
    .filter((a) => /\p{L}/u.test(a) && !/^\d{4}-\d{2}-\d{2}$/.test(a))
    .slice(0, 3);
  let detailsUsed = 0;
  const phases = Array.from({ length: count }, (_, i) => {
    const fromWeek = Math.floor((i * weeks) / count) + 1;
    const toWeek = Math.max(fromWeek, Math.floor(((i + 1) * weeks) / count));
    const [stage, purpose] = STAGES[i % STAGES.length];
    // the other answers in turn, each once
    const note =
      usesDetail(i) && detailsUsed < detail.length ? ` Planned around what you told us: “${detail[detailsUsed++]}”.` : '';
    return {
      id: `phase-${i + 1}`,
      title: i < STAGES.length ? stage : `${stage} (${Math.floor(i / STAGES.length) + 1})`,
      description: `${purpose.replaceAll('{focus}', quotedFocus)}${note}`,
      when: fromWeek === toWeek ? `Week ${fromWeek}` : `Weeks ${fromWeek}-${toWeek}`,
    };
  });
  const length = `${weeks}-week`;
  return {
    title: `Your ${length} ${plan.appName} plan`.slice(0, 160),
    summary:
      `${capitalise(withArticle(`${length} plan`))} in ${countOf(count, 'phase')}, built around ${quotedFocus}. Each phase builds on the last, so you always know the next step.`.slice(
        0,
        1200,
      ),
    phases,
  };
}
