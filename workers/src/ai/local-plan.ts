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

const STAGES = [
  'Find your baseline',
  'Build the habit',
  'Steady foundations',
  'Add a little more',
  'Consistency week',
  'First milestone',
  'Raise the bar',
  'Recover and reset',
  'Sharpen the details',
  'Push the edge',
  'Bring it together',
  'Taper and trust',
  'The big day',
];

/**
 * The local generator's personalized plan: as many phases as asked for, spread over the program's
 * weeks, each naming the visitor's focus and answers. Same answers, same plan.
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
  const phases = Array.from({ length: count }, (_, i) => {
    const fromWeek = Math.floor((i * weeks) / count) + 1;
    const toWeek = Math.max(fromWeek, Math.floor(((i + 1) * weeks) / count));
    const stage = STAGES[i % STAGES.length];
    const note = detail.length > 0 ? ` You told us: “${c.rng.pick(detail)}”.` : '';
    return {
      id: `phase-${i + 1}`,
      title: i < STAGES.length ? stage : `${stage} (${Math.floor(i / STAGES.length) + 1})`,
      description: `${stage}: small, clear steps towards ${quotedFocus} that you can keep.${note}`,
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
