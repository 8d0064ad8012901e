import { REMINDER_SLOTS, REMINDER_TIMES, type ReminderSlot } from '@sparkhouse/contracts';

/** The weekly summary goes out on Sunday evening, the member's time. */
export const WEEKLY_SUMMARY_DAY = 'Sun';
export const WEEKLY_SUMMARY_TIME = '18:00';
/** A round also sends what fell due in the minutes before it (a round run late, a worker down): none twice. */
export const ROUND_LOOKBACK_MINUTES = 5;

export interface DueSlot {
  timeZone: string;
  /** A daily slot, or 'weekly' for the summary. */
  slot: ReminderSlot | 'weekly';
  /** The member's local date the reminder is for. */
  period: string;
}

/** The local day, weekday and HH:MM of an instant in a time zone (daylight saving included, by the Intl data). */
export function localClock(timeZone: string, at: Date): { date: string; weekday: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    weekday: get('weekday'),
    time: `${get('hour')}:${get('minute')}`,
  };
}

/**
 * Which (time zone, slot) pairs fall due in the minutes (minute - lookback, minute]: each slot at its
 * local time, each day — on a day a clock jumps forward past the slot's time, at the first minute after
 * the jump; on a day it goes back, once (the period is the local date, so the second pass finds it sent).
 */
export function dueSlots(timeZones: readonly string[], minute: Date, lookbackMinutes = ROUND_LOOKBACK_MINUTES): DueSlot[] {
  const out = new Map<string, DueSlot>();
  const end = Math.floor(minute.getTime() / 60_000) * 60_000;
  for (const timeZone of timeZones) {
    for (let i = lookbackMinutes - 1; i >= 0; i--) {
      const at = new Date(end - i * 60_000);
      const now = localClock(timeZone, at);
      const before = localClock(timeZone, new Date(at.getTime() - 60_000));
      const passed = (time: string) => now.time === time || (before.date === now.date && before.time < time && now.time > time);
      for (const slot of REMINDER_SLOTS) {
        if (passed(REMINDER_TIMES[slot])) out.set(`${timeZone}|${slot}|${now.date}`, { timeZone, slot, period: now.date });
      }
      if (now.weekday === WEEKLY_SUMMARY_DAY && passed(WEEKLY_SUMMARY_TIME))
        out.set(`${timeZone}|weekly|${now.date}`, { timeZone, slot: 'weekly', period: now.date });
    }
  }
  return [...out.values()];
}
