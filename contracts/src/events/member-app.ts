import { z } from 'zod';
import { defineEvent } from './envelope';

/*
 * Facts of an app's members using the member app (/apps/{storefrontSlug}/{appSlug}/app). Stream:
 * `app-member-<appId>-<memberId>` (the member: a signed-in user id). Every fact the member makes from
 * the browser carries the browser's clientId: a repeat of it (an offline queue replayed) adds nothing.
 * `localDate` is the member's calendar day (YYYY-MM-DD) in their time zone (X-Time-Zone) when it happened:
 * streaks, check-in rates and weekly retention are counted in it.
 *
 * Lessons are the creator's: stream `app-lessons-<appId>`.
 */

const ids = { appId: z.string(), memberId: z.string() };
const fromBrowser = {
  /** The browser's id of this action (a uuid): the same id twice is the same action. */
  clientId: z.string(),
  localDate: z.string(),
  /** The member's IANA time zone when it happened. */
  timeZone: z.string(),
};

/** The member did one session (today's step) of the current phase of their plan. */
export const MemberSessionCompleted = defineEvent(
  'MemberSessionCompleted',
  1,
  z.object({
    ...ids,
    ...fromBrowser,
    planId: z.string(),
    phaseId: z.string(),
    /** 1 for the phase's first session, and so on. */
    sessionNumber: z.number().int().positive(),
  }),
);

/** The member finished a phase and moved on to the next one (null: the program is complete). */
export const MemberPhaseCompleted = defineEvent(
  'MemberPhaseCompleted',
  1,
  z.object({
    ...ids,
    ...fromBrowser,
    planId: z.string(),
    phaseId: z.string(),
    nextPhaseId: z.string().nullable(),
    /** 1-based index of the completed phase, and how many the plan has. */
    phaseNumber: z.number().int().positive(),
    phaseCount: z.number().int().positive(),
  }),
);

/** A daily check-in: one-tap mood and effort (1 = low .. 5 = high) and an optional note. */
export const MemberCheckedIn = defineEvent(
  'MemberCheckedIn',
  1,
  z.object({
    ...ids,
    ...fromBrowser,
    mood: z.number().int().min(1).max(5),
    effort: z.number().int().min(1).max(5),
    note: z.string().nullable(),
  }),
);

export const REMINDER_SLOTS = ['morning', 'midday', 'evening'] as const;
export type ReminderSlot = (typeof REMINDER_SLOTS)[number];

/**
 * The member's reminder settings, as a whole: a daily reminder at a slot of their day (null: none) and
 * the weekly summary, in their time zone. source: where the change came from (the onboarding answer,
 * the settings screen, or the one-click unsubscribe link of an email).
 */
export const MemberReminderSettingsChanged = defineEvent(
  'MemberReminderSettingsChanged',
  1,
  z.object({
    ...ids,
    slot: z.enum(REMINDER_SLOTS).nullable(),
    weeklySummary: z.boolean(),
    timeZone: z.string(),
    source: z.enum(['onboarding', 'settings', 'unsubscribe-link']),
  }),
);

/** The member's position in a lesson (a medium of the app), saved as they play it: resumed from there. */
export const MemberLessonProgressSaved = defineEvent(
  'MemberLessonProgressSaved',
  1,
  z.object({
    ...ids,
    mediaId: z.string(),
    phaseId: z.string(),
    positionInSeconds: z.number().nonnegative(),
    percentComplete: z.number().min(0).max(100),
    additionalSecondsWatched: z.number().nonnegative(),
  }),
);

/** The creator made a medium of their app's library (video, audio, PDF) a lesson of a phase of the plan. */
export const AppLessonMarked = defineEvent(
  'AppLessonMarked',
  1,
  z.object({
    appId: z.string(),
    mediaId: z.string(),
    /** The phase's position in members' plans (1-based): plans are personal, their phase numbers are shared. */
    phaseNumber: z.number().int().positive(),
    title: z.string(),
    mediaType: z.enum(['video', 'audio', 'pdf']),
  }),
);

export const AppLessonUnmarked = defineEvent('AppLessonUnmarked', 1, z.object({ appId: z.string(), mediaId: z.string() }));

/** The creator put the lessons of a phase in a new order (every lesson of the phase, first to last). */
export const AppLessonsReordered = defineEvent(
  'AppLessonsReordered',
  1,
  z.object({ appId: z.string(), phaseNumber: z.number().int().positive(), mediaIds: z.array(z.string()).min(1) }),
);

export const memberAppEvents = [
  MemberSessionCompleted,
  MemberPhaseCompleted,
  MemberCheckedIn,
  MemberReminderSettingsChanged,
  MemberLessonProgressSaved,
  AppLessonMarked,
  AppLessonUnmarked,
  AppLessonsReordered,
] as const;
