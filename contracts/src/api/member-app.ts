// The member app (/apps/{storefrontSlug}/{appSlug}/app): what an app's paying members use — their
// plan phase by phase, daily check-ins, guided lessons and reminders — and the lessons the creator marks.
// Members only (an active or trial subscription to the app, spec 4); a lapsed member reads their
// history. One member never reaches another's data: every call is about the caller.
import { z } from 'zod';
import { defineCall } from '../http';
import { REMINDER_SLOTS } from '../events/member-app';
import { appIdField, slugParam } from './creator-apps-schemas';
import {
  appLessonSchema,
  CHECK_IN_NOTE_MAX,
  checkInSchema,
  clientIdField,
  memberHomeSchema,
  reminderSettingsSchema,
  scale,
} from './member-app-schemas';

const mod = 'creator-apps';
const slugParams = z.object({ storefrontSlug: slugParam, appSlug: slugParam });

export const getMemberHome = defineCall({
  id: 'getMemberHome',
  module: mod,
  method: 'GET',
  path: '/apps/member/:storefrontSlug/:appSlug/home',
  access: 'user',
  style: 'envelope',
  summary:
    "The member's Today: their access (member, lapsed or none), their plan phase by phase with what is done, today's step, " +
    'the streak (in their time zone, X-Time-Zone), recent check-ins (last 30 days), the lessons of the app with their saved ' +
    'positions, and the reminder settings. A visitor with no subscription gets access none and no personal data.',
  params: slugParams,
  response: memberHomeSchema,
});

const memberOnly =
  ' Members only (active or trial: 403 "Your membership has ended: renew it to keep going." for a lapsed one).' +
  ' A repeat of the same clientId changes nothing and answers the same.';

export const completeSession = defineCall({
  id: 'completeSession',
  module: mod,
  method: 'POST',
  path: '/apps/member/:storefrontSlug/:appSlug/completeSession',
  access: 'user',
  style: 'envelope',
  summary: "Mark today's session of the current phase done (phaseId must be the current phase)." + memberOnly,
  params: slugParams,
  body: z.object({ clientId: clientIdField, phaseId: z.string().trim().min(1, 'phaseId is required.').max(64) }),
  response: z.object({ applied: z.boolean(), home: memberHomeSchema }),
  readsOwnWrites: true,
});

export const completePhase = defineCall({
  id: 'completePhase',
  module: mod,
  method: 'POST',
  path: '/apps/member/:storefrontSlug/:appSlug/completePhase',
  access: 'user',
  style: 'envelope',
  summary: 'Finish the current phase and move on to the next one (phaseId must be the current phase).' + memberOnly,
  params: slugParams,
  body: z.object({ clientId: clientIdField, phaseId: z.string().trim().min(1, 'phaseId is required.').max(64) }),
  response: z.object({ applied: z.boolean(), home: memberHomeSchema }),
  readsOwnWrites: true,
});

export const checkIn = defineCall({
  id: 'checkIn',
  module: mod,
  method: 'POST',
  path: '/apps/member/:storefrontSlug/:appSlug/checkIn',
  access: 'user',
  style: 'envelope',
  summary: "Today's check-in: mood and effort (1-5, one tap each) and an optional note. Several a day are kept." + memberOnly,
  params: slugParams,
  body: z.object({
    clientId: clientIdField,
    mood: scale('Mood'),
    effort: scale('Effort'),
    note: z.string().trim().max(CHECK_IN_NOTE_MAX, `Keep the note under ${CHECK_IN_NOTE_MAX} characters.`).optional(),
  }),
  response: z.object({ applied: z.boolean(), home: memberHomeSchema }),
  successStatus: 201,
  readsOwnWrites: true,
});

export const getCheckIns = defineCall({
  id: 'getCheckIns',
  module: mod,
  method: 'GET',
  path: '/apps/member/:storefrontSlug/:appSlug/checkIns',
  access: 'user',
  style: 'envelope',
  summary: "The member's check-ins, newest first (days: how far back, 1-366, default 90). Lapsed members read theirs too.",
  params: slugParams,
  query: z.object({
    days: z.coerce.number().int().min(1, 'days must be from 1 to 366.').max(366, 'days must be from 1 to 366.').optional(),
  }),
  response: z.object({ checkIns: z.array(checkInSchema) }),
});

export const saveReminderSettings = defineCall({
  id: 'saveReminderSettings',
  module: mod,
  method: 'POST',
  path: '/apps/member/:storefrontSlug/:appSlug/reminders',
  access: 'user',
  style: 'envelope',
  summary:
    'Set the daily reminder (slot morning, midday or evening; null: none) and the weekly summary email, in the time zone of ' +
    'the call (X-Time-Zone).' +
    memberOnly,
  params: slugParams,
  body: z.object({
    slot: z.enum(REMINDER_SLOTS, 'slot must be morning, midday, evening or null.').nullable(),
    weeklySummary: z.boolean(),
  }),
  response: reminderSettingsSchema,
});

export const unsubscribeReminders = defineCall({
  id: 'unsubscribeReminders',
  module: mod,
  method: 'POST',
  path: '/apps/member/unsubscribe',
  access: 'public',
  style: 'envelope',
  summary:
    "One-click unsubscribe (RFC 8058) from an email's link: the signed token names the member and the app; it turns off the " +
    'daily reminders and the weekly summary. A bad token: 400.',
  query: z.object({ token: z.string().min(10, 'This unsubscribe link is not valid.').max(600) }),
  response: z.object({ appName: z.string(), unsubscribed: z.boolean() }),
});

export const saveLessonProgress = defineCall({
  id: 'saveLessonProgress',
  module: mod,
  method: 'POST',
  path: '/apps/member/:storefrontSlug/:appSlug/lessonProgress',
  access: 'user',
  style: 'envelope',
  summary: "Save the member's place in a lesson (as class progress is saved); it resumes from there." + memberOnly,
  params: slugParams,
  body: z.object({
    mediaId: z.string().trim().min(1, 'mediaId is required.').max(64),
    positionInSeconds: z.number().nonnegative('position_in_seconds must not be negative.'),
    percentComplete: z.number().min(0).max(100, 'percent_complete must be from 0 to 100.'),
    additionalSecondsWatched: z.number().nonnegative().max(3600),
  }),
  response: z.object({ mediaId: z.string(), positionInSeconds: z.number(), percentComplete: z.number() }),
});

// ---------------------------------------------------------------- the creator's lessons (App builder)

export const getAppLessons = defineCall({
  id: 'getAppLessons',
  module: mod,
  method: 'GET',
  path: '/app-builder/getAppLessons',
  access: 'user',
  style: 'envelope',
  summary: "An app's lessons (media of its library marked as lessons of a phase), by phase. Owner or admin.",
  query: z.object({ appId: appIdField }),
  response: z.object({ lessons: z.array(appLessonSchema) }),
});

export const markAppLesson = defineCall({
  id: 'markAppLesson',
  module: mod,
  method: 'POST',
  // reads the app's library and lessons (read models) the caller has just written to
  readsOwnWrites: true,
  path: '/app-builder/markAppLesson',
  access: 'user',
  style: 'envelope',
  summary:
    "Make a video, audio or PDF of the app's library a lesson of a phase (phaseNumber 1..40), or unmark it (phaseNumber null). " +
    'Other media: 400. Owner or admin.',
  body: z.object({
    appId: appIdField,
    mediaId: z.string().trim().min(1, 'mediaId is required.').max(64),
    phaseNumber: z
      .number()
      .int()
      .min(1, 'phaseNumber must be from 1 to 40.')
      .max(40, 'phaseNumber must be from 1 to 40.')
      .nullable(),
    title: z.string().trim().max(160, 'Keep the title under 160 characters.').optional(),
  }),
  response: z.object({ lessons: z.array(appLessonSchema) }),
});

export const reorderAppLessons = defineCall({
  id: 'reorderAppLessons',
  module: mod,
  method: 'POST',
  // reads the app's library and lessons (read models) the caller has just written to
  readsOwnWrites: true,
  path: '/app-builder/reorderAppLessons',
  access: 'user',
  style: 'envelope',
  summary:
    'Put the lessons of a phase in the order members see them: mediaIds lists every lesson of the phase once, first to last ' +
    '(a missing, extra or repeated one: 400). A lesson marked later goes last. Owner or admin.',
  body: z.object({
    appId: appIdField,
    phaseNumber: z.number().int().min(1, 'phaseNumber must be from 1 to 40.').max(40, 'phaseNumber must be from 1 to 40.'),
    mediaIds: z
      .array(z.string().trim().min(1, 'mediaIds must not hold an empty id.').max(64))
      .min(1, 'mediaIds must list the lessons of the phase.')
      .max(200, 'A phase has at most 200 lessons.'),
  }),
  response: z.object({ lessons: z.array(appLessonSchema) }),
});

export const getMemberAppManifest = defineCall({
  id: 'getMemberAppManifest',
  module: mod,
  method: 'GET',
  path: '/apps/member/:storefrontSlug/:appSlug/manifest.webmanifest',
  access: 'public',
  style: 'legacy',
  summary:
    "The web app manifest of a published app's member app: its own name, icon (the app image), theme colour and start URL " +
    '(/apps/{storefrontSlug}/{appSlug}/app), so "Add to home screen" installs it. Unknown or unpublished app: 404.',
  params: slugParams,
  response: z.object({
    name: z.string(),
    short_name: z.string(),
    start_url: z.string(),
    scope: z.string(),
    display: z.literal('standalone'),
    background_color: z.string(),
    theme_color: z.string(),
    icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string() })),
  }),
});
