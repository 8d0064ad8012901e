import type { AppInsights, FunnelStep } from '@sparkhouse/contracts';

/** The funnel's steps as the creator reads them, in order. */
export const FUNNEL_LABELS: Record<FunnelStep, string> = {
  visitors: 'Landing visitors',
  started: 'Onboarding started',
  completed: 'Onboarding completed',
  planReady: 'Plan ready',
  accounts: 'Account created',
  trials: 'Trial started',
  paid: 'Paid',
};
export const FUNNEL_ORDER: readonly FunnelStep[] = [
  'visitors',
  'started',
  'completed',
  'planReady',
  'accounts',
  'trials',
  'paid',
];

export interface FunnelBar {
  step: FunnelStep;
  label: string;
  count: number;
  /** Width of the bar: the share of the first step (0..1). */
  ofFirst: number;
  /** The share of the step before that reached this one (null for the first step or after a zero). */
  fromPrevious: number | null;
}

/** The funnel's bars, each with its share of the first step and of the step before. */
export function funnelBars(funnel: AppInsights['funnel']): FunnelBar[] {
  const first = funnel.visitors;
  return FUNNEL_ORDER.map((step, i) => {
    const count = funnel[step];
    const previous = i === 0 ? null : funnel[FUNNEL_ORDER[i - 1]];
    return {
      step,
      label: FUNNEL_LABELS[step],
      count,
      ofFirst: first > 0 ? Math.min(1, count / first) : 0,
      fromPrevious: previous === null || previous === 0 ? null : count / previous,
    };
  });
}

/** A share (0..1) as a whole percentage, or a dash when there is nothing to divide. */
export const percent = (share: number | null): string => (share === null ? '–' : `${Math.round(share * 100)}%`);

/** Whether the report has anything to show yet (no visitor, no member, no money). */
export function isEmptyReport(r: AppInsights): boolean {
  return (
    r.funnel.views === 0 &&
    FUNNEL_ORDER.every((s) => r.funnel[s] === 0) &&
    r.members.current === 0 &&
    r.members.churned === 0 &&
    r.pages.length === 0 &&
    r.revenue.mrrInCents === 0
  );
}

/** Short day label for a YYYY-MM-DD day: "Nov 28". */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}
