import { dueSlots, localClock } from './reminder-schedule';

const at = (iso: string) => new Date(iso);

describe('reminder schedule', () => {
  it('a slot falls due at its local time in each time zone', () => {
    // 08:00 in Paris (UTC+1 in winter) is 07:00 UTC; in New York (UTC-5) it is 13:00 UTC
    expect(dueSlots(['Europe/Paris', 'America/New_York'], at('2026-01-14T07:00:00Z'), 1)).toEqual([
      { timeZone: 'Europe/Paris', slot: 'morning', period: '2026-01-14' },
    ]);
    expect(dueSlots(['Europe/Paris', 'America/New_York'], at('2026-01-14T13:00:00Z'), 1)).toEqual([
      { timeZone: 'America/New_York', slot: 'morning', period: '2026-01-14' },
    ]);
    expect(dueSlots(['Europe/Paris'], at('2026-01-14T07:01:00Z'), 1)).toEqual([]);
  });

  it('follows daylight saving: the same local time moves in UTC', () => {
    // New York in summer is UTC-4: 08:00 local is 12:00 UTC
    expect(dueSlots(['America/New_York'], at('2026-07-14T12:00:00Z'), 1)).toEqual([
      { timeZone: 'America/New_York', slot: 'morning', period: '2026-07-14' },
    ]);
    expect(dueSlots(['America/New_York'], at('2026-07-14T13:00:00Z'), 1)).toEqual([]);
  });

  it('on the night the clocks change, every slot still falls due once that day', () => {
    // Europe/Paris springs forward on 2026-03-29 (02:00 -> 03:00): 08:00 local is 06:00 UTC
    const day = (iso: string) => dueSlots(['Europe/Paris'], at(iso), 1);
    expect(day('2026-03-29T06:00:00Z')).toEqual([{ timeZone: 'Europe/Paris', slot: 'morning', period: '2026-03-29' }]);
    expect(day('2026-03-29T07:00:00Z')).toEqual([]);
    // and falls back on 2026-10-25: 08:00 local is 07:00 UTC
    expect(day('2026-10-25T07:00:00Z')).toEqual([{ timeZone: 'Europe/Paris', slot: 'morning', period: '2026-10-25' }]);
  });

  it('a round run late catches up the minutes before it, and never names a slot twice', () => {
    const due = dueSlots(['Europe/Paris'], at('2026-01-14T07:03:00Z'), 5);
    expect(due).toEqual([{ timeZone: 'Europe/Paris', slot: 'morning', period: '2026-01-14' }]);
    expect(dueSlots(['Europe/Paris'], at('2026-01-14T07:06:00Z'), 5)).toEqual([]);
  });

  it('the weekly summary is due on Sunday at 18:00 local', () => {
    expect(localClock('Europe/Paris', at('2026-01-18T17:00:00Z'))).toEqual({ date: '2026-01-18', weekday: 'Sun', time: '18:00' });
    expect(dueSlots(['Europe/Paris'], at('2026-01-18T17:00:00Z'), 1)).toEqual([
      { timeZone: 'Europe/Paris', slot: 'weekly', period: '2026-01-18' },
    ]);
    expect(dueSlots(['Europe/Paris'], at('2026-01-17T17:00:00Z'), 1)).toEqual([]);
  });

  it('southern-hemisphere summer time is followed too', () => {
    // Santiago is UTC-3 in January (summer time): 08:00 local is 11:00 UTC
    expect(dueSlots(['America/Santiago'], at('2026-01-14T11:00:00Z'), 1)).toEqual([
      { timeZone: 'America/Santiago', slot: 'morning', period: '2026-01-14' },
    ]);
  });
});
