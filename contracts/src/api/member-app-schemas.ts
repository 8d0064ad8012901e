// The member app's shapes and constants (the calls are in member-app.ts).
import { z } from 'zod';
import { REMINDER_SLOTS } from '../events/member-app';

/** The browser's id of one action: a repeat of it (an offline queue sent again) is applied once. */
export const clientIdField = z.uuid('clientId must be a uuid made by the browser for this action');
/** 1..5, one tap. */
export const scale = (what: string) =>
  z
    .number({ error: `${what} must be a number from 1 to 5.` })
    .int(`${what} must be a whole number from 1 to 5.`)
    .min(1, `${what} must be from 1 to 5.`)
    .max(5, `${what} must be from 1 to 5.`);

export const CHECK_IN_NOTE_MAX = 500;
/** When a member's reminder of each slot is sent, in their own time zone. */
export const REMINDER_TIMES: Record<(typeof REMINDER_SLOTS)[number], string> = {
  morning: '08:00',
  midday: '12:00',
  evening: '19:00',
};

export const memberAccessSchema = z.object({
  /** member: active or trial; lapsed: was a member (reads their history, offered to renew); none: the paywall. */
  state: z.enum(['member', 'lapsed', 'none']),
  subscription: z
    .object({
      subscriptionId: z.string(),
      status: z.string(),
      planDisplayName: z.string(),
      trialEnd: z.string().nullable(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      canceledAt: z.string().nullable(),
    })
    .nullable(),
});

const phaseSchema = z.object({
  phaseId: z.string(),
  number: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  when: z.string().nullable(),
  state: z.enum(['done', 'current', 'upcoming']),
  sessionsDone: z.number().int(),
  sessionsTarget: z.number().int(),
});

export const checkInSchema = z.object({
  clientId: z.string(),
  localDate: z.string(),
  mood: z.number().int(),
  effort: z.number().int(),
  note: z.string().nullable(),
  at: z.string(),
});

const lessonSchema = z.object({
  mediaId: z.string(),
  phaseNumber: z.number().int(),
  title: z.string(),
  mediaType: z.enum(['video', 'audio', 'pdf']),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  positionInSeconds: z.number(),
  percentComplete: z.number(),
});

export const reminderSettingsSchema = z.object({
  slot: z.enum(REMINDER_SLOTS).nullable(),
  weeklySummary: z.boolean(),
  timeZone: z.string(),
  /** The local time of the slot (HH:MM), null without a daily reminder. */
  time: z.string().nullable(),
});

export const memberHomeSchema = z.object({
  app: z.object({
    appId: z.string(),
    name: z.string(),
    storefrontSlug: z.string(),
    appSlug: z.string(),
    imageUrl: z.string().nullable(),
    themeColor: z.string(),
  }),
  access: memberAccessSchema,
  /** The member's calendar day in their time zone (X-Time-Zone). */
  today: z.string(),
  plan: z
    .object({
      planId: z.string(),
      status: z.enum(['queued', 'running', 'completed', 'error']),
      title: z.string().nullable(),
      summary: z.string().nullable(),
      targetDate: z.string().nullable(),
      timeToTargetLabel: z.string(),
      phases: z.array(phaseSchema),
    })
    .nullable(),
  progress: z.object({
    phasesDone: z.number().int(),
    phaseCount: z.number().int(),
    percent: z.number(),
    sessionsDone: z.number().int(),
    /** Consecutive days, ending today or yesterday, with a session done or a check-in. */
    streak: z.number().int(),
    doneToday: z.boolean(),
    checkedInToday: z.boolean(),
    completed: z.boolean(),
  }),
  checkIns: z.array(checkInSchema),
  lessons: z.array(lessonSchema),
  reminders: reminderSettingsSchema,
});
export type MemberHome = z.output<typeof memberHomeSchema>;

export const appLessonSchema = z.object({
  mediaId: z.string(),
  phaseNumber: z.number().int(),
  title: z.string(),
  mediaType: z.enum(['video', 'audio', 'pdf']),
});
export type AppLesson = z.output<typeof appLessonSchema>;

export const MEMBERSHIP_ENDED = 'Your membership has ended: renew it to keep going.';
export const NOT_A_MEMBER = 'Become a member to use this app.';
