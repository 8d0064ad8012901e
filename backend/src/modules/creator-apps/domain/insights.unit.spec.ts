import { cohortRetention, insightsCsv, monthlyCents, pageOf, reportDays, weekOf } from './insights';

describe('insights rules', () => {
  it('reads the current page and its position from pagesInfo', () => {
    expect(pageOf({ currentPageId: 'goal', completedPageIds: ['intro', 'name'] })).toEqual({ pageId: 'goal', position: 2 });
    expect(pageOf({ currentPageId: 'intro' })).toEqual({ pageId: 'intro', position: 0 });
    expect(pageOf({})).toBeNull();
    expect(pageOf({ currentPageId: 7 })).toBeNull();
  });

  it('normalises annual plans to monthly', () => {
    expect(monthlyCents({ amountInCents: 7999, interval: 'year', intervalCount: 1 })).toBe(667);
    expect(monthlyCents({ amountInCents: 999, interval: 'month', intervalCount: 1 })).toBe(999);
    expect(monthlyCents({ amountInCents: 2400, interval: 'month', intervalCount: 3 })).toBe(800);
    expect(monthlyCents(null)).toBe(0);
  });

  it('lists the report days oldest first, in UTC, and finds the Monday of a week', () => {
    expect(reportDays(new Date('2026-03-02T23:30:00Z'), 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(weekOf('2026-11-28')).toBe('2026-11-23'); // a Saturday
    expect(weekOf('2026-11-23')).toBe('2026-11-23');
    expect(weekOf('2026-11-29')).toBe('2026-11-23'); // Sunday ends the week
  });

  it('counts weekly retention from each member’s own sign-up day', () => {
    const members = [
      { memberId: 'a', signedUp: '2026-11-02' }, // Monday
      { memberId: 'b', signedUp: '2026-11-04' },
      { memberId: 'c', signedUp: '2026-11-16' },
    ];
    const checkIns = new Map([
      ['a', ['2026-11-02', '2026-11-10']], // week 0 and week 1
      ['b', ['2026-11-05']], // week 0 only
      ['c', []],
    ]);
    const cohorts = cohortRetention(members, checkIns, '2026-11-20');
    expect(cohorts).toEqual([
      { week: '2026-11-02', members: 2, retention: [1, 0.5, 0] },
      { week: '2026-11-16', members: 1, retention: [0] },
    ]);
  });

  it('writes the days as CSV with a header, quoting and defusing formulas', () => {
    const day = {
      day: '2026-11-01',
      views: 3,
      visitors: 2,
      started: 1,
      completed: 1,
      planReady: 1,
      accounts: 1,
      trials: 1,
      paid: 0,
      churned: 0,
      revenueInCents: 0,
      checkIns: 0,
    };
    const csv = insightsCsv({ byDay: [day] });
    expect(csv).toBe(
      'day,views,visitors,started,completed,planReady,accounts,trials,paid,churned,revenueInCents,checkIns\r\n' +
        '2026-11-01,3,2,1,1,1,1,1,0,0,0,0\r\n',
    );
    expect(insightsCsv({ byDay: [{ ...day, day: '=cmd,"x"' }] })).toContain(`"'=cmd,""x"""`);
  });
});
