import { isEventOf, type NewEvent, type ReminderSlot, type StoredEvent } from '@sparkhouse/contracts';
import { badRequest, conflict } from '../../../platform/http/errors';

/** The stream of one member's facts in one app's member app. */
export const memberStreamId = (appId: string, memberId: string) => `app-member-${appId}-${memberId}`;
/** The stream of an app's lessons (media of its library marked as lessons of a phase). */
export const lessonsStreamId = (appId: string) => `app-lessons-${appId}`;

export const PROGRAM_COMPLETE = 'Your program is complete: every phase is done.';
export const notCurrentPhase = (phaseId: string) =>
  `"${phaseId}" is not your current phase: reload the app to see where you are.`;

/** What a member's stream folds to: what the member has done, enough to decide the next fact. */
export interface MemberState {
  /** The browser ids of every action applied (an offline queue replayed adds nothing). */
  clientIds: string[];
  phasesDone: number;
  /** Sessions done in the current phase. */
  sessionsInPhase: number;
  reminders: { slot: ReminderSlot | null; weeklySummary: boolean; timeZone: string } | null;
}

export function foldMember(state: MemberState | null, events: readonly StoredEvent[]): MemberState | null {
  let s: MemberState | null = state && { ...state, clientIds: [...state.clientIds] };
  for (const e of events) {
    s ??= { clientIds: [], phasesDone: 0, sessionsInPhase: 0, reminders: null };
    if (isEventOf(e, 'MemberSessionCompleted')) {
      s.clientIds.push(e.payload.clientId);
      s.sessionsInPhase += 1;
    } else if (isEventOf(e, 'MemberPhaseCompleted')) {
      s.clientIds.push(e.payload.clientId);
      s.phasesDone += 1;
      s.sessionsInPhase = 0;
    } else if (isEventOf(e, 'MemberCheckedIn')) {
      s.clientIds.push(e.payload.clientId);
    } else if (isEventOf(e, 'MemberReminderSettingsChanged')) {
      const { slot, weeklySummary, timeZone } = e.payload;
      s.reminders = { slot, weeklySummary, timeZone };
    }
  }
  return s;
}

/** The member's plan as a command sees it: its id and valid phases (id and title, spec 5), in order. */
export interface MemberPlan {
  planId: string;
  phaseIds: string[];
}

/** Where and when the member acts from: their calendar day and time zone. */
export interface MemberAct {
  appId: string;
  memberId: string;
  clientId: string;
  localDate: string;
  timeZone: string;
}

const applied = (s: MemberState | null, clientId: string) => s !== null && s.clientIds.includes(clientId);

/** What every act of a member records: who, which app, its client id (applied once) and the member's day. */
const actFields = ({ appId, memberId, clientId, localDate, timeZone }: MemberAct) => ({
  appId,
  memberId,
  clientId,
  localDate,
  timeZone,
});

function currentPhase(s: MemberState | null, plan: MemberPlan, phaseId: string): { index: number } {
  const index = s?.phasesDone ?? 0;
  if (index >= plan.phaseIds.length) throw badRequest(PROGRAM_COMPLETE);
  if (plan.phaseIds[index] !== phaseId) throw conflict(notCurrentPhase(phaseId));
  return { index };
}

export function decideCompleteSession(s: MemberState | null, c: MemberAct & { plan: MemberPlan; phaseId: string }): NewEvent[] {
  if (applied(s, c.clientId)) return [];
  currentPhase(s, c.plan, c.phaseId);
  return [
    {
      type: 'MemberSessionCompleted',
      payload: {
        ...actFields(c),
        planId: c.plan.planId,
        phaseId: c.phaseId,
        sessionNumber: (s?.sessionsInPhase ?? 0) + 1,
      },
    },
  ];
}

export function decideCompletePhase(s: MemberState | null, c: MemberAct & { plan: MemberPlan; phaseId: string }): NewEvent[] {
  if (applied(s, c.clientId)) return [];
  const { index } = currentPhase(s, c.plan, c.phaseId);
  return [
    {
      type: 'MemberPhaseCompleted',
      payload: {
        ...actFields(c),
        planId: c.plan.planId,
        phaseId: c.phaseId,
        nextPhaseId: c.plan.phaseIds[index + 1] ?? null,
        phaseNumber: index + 1,
        phaseCount: c.plan.phaseIds.length,
      },
    },
  ];
}

export function decideCheckIn(
  s: MemberState | null,
  c: MemberAct & { mood: number; effort: number; note: string | null },
): NewEvent[] {
  if (applied(s, c.clientId)) return [];
  return [
    {
      type: 'MemberCheckedIn',
      payload: {
        ...actFields(c),
        mood: c.mood,
        effort: c.effort,
        note: c.note && c.note.length > 0 ? c.note : null,
      },
    },
  ];
}

export function decideReminderSettings(
  s: MemberState | null,
  c: {
    appId: string;
    memberId: string;
    slot: ReminderSlot | null;
    weeklySummary: boolean;
    timeZone: string;
    source: 'onboarding' | 'settings' | 'unsubscribe-link';
  },
): NewEvent[] {
  const r = s?.reminders;
  // the onboarding's choice is taken once: the member's own settings are never overwritten by it
  if (c.source === 'onboarding' && r) return [];
  if (r && r.slot === c.slot && r.weeklySummary === c.weeklySummary && r.timeZone === c.timeZone) return [];
  return [
    {
      type: 'MemberReminderSettingsChanged',
      payload: {
        appId: c.appId,
        memberId: c.memberId,
        slot: c.slot,
        weeklySummary: c.weeklySummary,
        timeZone: c.timeZone,
        source: c.source,
      },
    },
  ];
}

/** The member's calendar day (YYYY-MM-DD) at `at` in their time zone. */
export function localDateIn(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    at,
  );
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const DAY_MS = 86_400_000;
const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

/** Consecutive active days ending today, or yesterday when nothing is done yet today (the streak is not lost until tomorrow). */
export function streakOf(activeDays: ReadonlySet<string>, today: string): number {
  let day = activeDays.has(today) ? today : dayBefore(today);
  let n = 0;
  while (activeDays.has(day)) {
    n += 1;
    day = dayBefore(day);
  }
  return n;
}

/** How many sessions make a phase: the program's days shared out over its phases (at least one). */
export function sessionsTarget(programLengthWeeks: number, phaseCount: number): number {
  return Math.max(1, Math.round((programLengthWeeks * 7) / Math.max(1, phaseCount)));
}

/** The onboarding answer "When should we nudge you?" (Morning / Midday / Evening / No reminders) as a slot. */
export function slotFromAnswers(answers: Record<string, unknown>): { found: boolean; slot: ReminderSlot | null } {
  for (const value of Object.values(answers)) {
    if (typeof value !== 'string') continue;
    const v = value.trim().toLowerCase();
    if (v === 'morning' || v === 'midday' || v === 'evening') return { found: true, slot: v };
    if (v === 'no reminders') return { found: true, slot: null };
  }
  return { found: false, slot: null };
}
