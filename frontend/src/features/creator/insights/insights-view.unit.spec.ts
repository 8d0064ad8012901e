import { funnelBars, isEmptyReport, percent, shortDay } from './insights-view';

describe('insights view', () => {
  const funnel = { views: 12, visitors: 10, started: 5, completed: 4, planReady: 4, accounts: 2, trials: 1, paid: 0 };

  it('sizes each funnel step against the first and says what share of the step before reached it', () => {
    const bars = funnelBars(funnel);
    expect(bars.map((b) => b.label)).toEqual([
      'Landing visitors',
      'Onboarding started',
      'Onboarding completed',
      'Plan ready',
      'Account created',
      'Trial started',
      'Paid',
    ]);
    expect(bars[0]).toMatchObject({ count: 10, ofFirst: 1, fromPrevious: null });
    expect(bars[1]).toMatchObject({ count: 5, ofFirst: 0.5, fromPrevious: 0.5 });
    expect(bars[4]).toMatchObject({ count: 2, ofFirst: 0.2, fromPrevious: 0.5 });
    expect(bars[6]).toMatchObject({ count: 0, fromPrevious: 0 });
    expect(funnelBars({ ...funnel, visitors: 0, started: 3 })[1]).toMatchObject({ ofFirst: 0, fromPrevious: null });
  });

  it('formats shares and days', () => {
    expect(percent(0.456)).toBe('46%');
    expect(percent(null)).toBe('–');
    expect(shortDay('2026-11-28')).toBe('Nov 28');
  });

  it('knows an empty report', () => {
    const empty = {
      funnel: { ...funnel, views: 0, visitors: 0, started: 0, completed: 0, planReady: 0, accounts: 0, trials: 0 },
      members: { current: 0, churned: 0 },
      pages: [],
      revenue: { mrrInCents: 0 },
    } as unknown as Parameters<typeof isEmptyReport>[0];
    expect(isEmptyReport(empty)).toBe(true);
    expect(isEmptyReport({ ...empty, funnel: { ...empty.funnel, views: 1 } })).toBe(false);
  });
});
