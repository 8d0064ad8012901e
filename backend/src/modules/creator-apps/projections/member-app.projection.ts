import type { DomainEvent } from '@sparkhouse/contracts';
import type { Db } from '../../../platform/database/database';
import { run } from '../../../platform/database/sql';
import { defineProjection } from '../../../platform/events/define-projection';
import { MEMBERS_PROJECTION } from '../domain/read-models';

const accessChanged = (
  { payload: p }: DomainEvent<'SubscriptionStatusChanged' | 'SubscriptionTrialEnded'>,
  tx: Db,
  extra: { trialEnd?: string | null; currentPeriodEnd?: string | null; cancelAtPeriodEnd?: boolean },
) =>
  run(
    tx,
    `update app_member_access set status = ?,
        trial_end = case when ?::boolean then ?::timestamptz else trial_end end,
        current_period_end = case when ?::boolean then ?::timestamptz else current_period_end end,
        cancel_at_period_end = coalesce(?::boolean, cancel_at_period_end)
      where subscription_id = ? and status <> 'canceled'`,
    [
      p.status,
      extra.trialEnd !== undefined,
      extra.trialEnd ?? null,
      extra.currentPeriodEnd !== undefined,
      extra.currentPeriodEnd ?? null,
      extra.cancelAtPeriodEnd ?? null,
      p.subscriptionId,
    ],
  );

const touchDay = (tx: Db, p: { appId: string; memberId: string; localDate: string }, column: 'sessions' | 'check_ins') =>
  run(
    tx,
    `insert into app_member_day (app_id, member_id, local_date, ${column}) values (?, ?, ?, 1)
      on conflict (app_id, member_id, local_date) do update set ${column} = app_member_day.${column} + 1`,
    [p.appId, p.memberId, p.localDate],
  );

/**
 * The member app's read models. Access: every app subscription (commerce's facts with an app id), its
 * status, trial and period ends and whether it ends at the period's end. Progress: phases done, sessions
 * of the current phase and per phase, active days (sessions and check-ins per local day, for streaks),
 * check-ins, lesson positions, reminder settings, and the apps' lessons. The member's facts are applied
 * once each (their browser ids make repeats impossible on the write side), and a function of the events
 * alone, so a replay rebuilds the same tables.
 */
export const memberAppProjection = defineProjection({
  name: MEMBERS_PROJECTION,
  version: 1,
  tables: [
    'app_member_access',
    'app_member_contact',
    'app_member_progress',
    'app_member_phase',
    'app_member_day',
    'app_member_checkin',
    'app_member_reminder',
    'app_member_lesson_progress',
    'app_lesson',
  ],
  on: {
    SubscriptionStarted: async ({ payload: p }, tx) => {
      if (!p.appId) return;
      await run(
        tx,
        `insert into app_member_access (subscription_id, user_id, app_id, status, plan_display_name, trial_end, current_period_end, started_at)
          values (?, ?, ?, ?, ?, ?, ?, ?) on conflict (subscription_id) do nothing`,
        [p.subscriptionId, p.userId, p.appId, p.status, p.planDisplayName, p.trialEnd, p.currentPeriodEnd, p.startedAt],
      );
    },
    SubscriptionTrialEnded: (e, tx) => accessChanged(e, tx, {}),
    SubscriptionStatusChanged: (e, tx) =>
      accessChanged(e, tx, {
        trialEnd: e.payload.trialEnd,
        currentPeriodEnd: e.payload.currentPeriodEnd,
        cancelAtPeriodEnd: e.payload.cancelAtPeriodEnd,
      }),
    SubscriptionRenewed: ({ payload: p }, tx) =>
      run(tx, `update app_member_access set current_period_end = ? where subscription_id = ?`, [p.periodEnd, p.subscriptionId]),
    SubscriptionCanceled: ({ payload: p }, tx) =>
      run(tx, `update app_member_access set status = 'canceled', canceled_at = ? where subscription_id = ?`, [
        p.canceledAt,
        p.subscriptionId,
      ]),
    UserProfileCreated: ({ payload: p }, tx) =>
      run(
        tx,
        `insert into app_member_contact (user_id, email, first_name) values (?, ?, ?)
          on conflict (user_id) do update set email = excluded.email, first_name = excluded.first_name`,
        [p.userId, p.email.toLowerCase(), p.firstName],
      ),
    MemberSessionCompleted: async ({ payload: p, metadata: { occurredAt: at } }, tx) => {
      await run(
        tx,
        `insert into app_member_progress (app_id, member_id, sessions_in_phase, sessions_done, updated_at) values (?, ?, 1, 1, ?)
          on conflict (app_id, member_id) do update set sessions_in_phase = app_member_progress.sessions_in_phase + 1,
            sessions_done = app_member_progress.sessions_done + 1, updated_at = excluded.updated_at`,
        [p.appId, p.memberId, at],
      );
      await run(
        tx,
        `insert into app_member_phase (app_id, member_id, phase_id, sessions_done) values (?, ?, ?, 1)
          on conflict (app_id, member_id, phase_id) do update set sessions_done = app_member_phase.sessions_done + 1`,
        [p.appId, p.memberId, p.phaseId],
      );
      await touchDay(tx, p, 'sessions');
    },
    MemberPhaseCompleted: async ({ payload: p, metadata: { occurredAt: at } }, tx) => {
      await run(
        tx,
        `insert into app_member_progress (app_id, member_id, phases_done, updated_at) values (?, ?, 1, ?)
          on conflict (app_id, member_id) do update set phases_done = app_member_progress.phases_done + 1,
            sessions_in_phase = 0, updated_at = excluded.updated_at`,
        [p.appId, p.memberId, at],
      );
      await run(
        tx,
        `insert into app_member_phase (app_id, member_id, phase_id, completed_at) values (?, ?, ?, ?)
          on conflict (app_id, member_id, phase_id) do update set completed_at = excluded.completed_at`,
        [p.appId, p.memberId, p.phaseId, at],
      );
    },
    MemberCheckedIn: async ({ payload: p, metadata: { occurredAt: at } }, tx) => {
      await run(
        tx,
        `insert into app_member_checkin (client_id, app_id, member_id, local_date, mood, effort, note, at)
          values (?, ?, ?, ?, ?, ?, ?, ?) on conflict (client_id) do nothing`,
        [p.clientId, p.appId, p.memberId, p.localDate, p.mood, p.effort, p.note, at],
      );
      await touchDay(tx, p, 'check_ins');
    },
    MemberReminderSettingsChanged: ({ payload: p, metadata: { occurredAt: at } }, tx) =>
      run(
        tx,
        `insert into app_member_reminder (app_id, member_id, slot, weekly_summary, time_zone, updated_at) values (?, ?, ?, ?, ?, ?)
          on conflict (app_id, member_id) do update set slot = excluded.slot, weekly_summary = excluded.weekly_summary,
            time_zone = excluded.time_zone, updated_at = excluded.updated_at`,
        [p.appId, p.memberId, p.slot, p.weeklySummary, p.timeZone, at],
      ),
    MemberLessonProgressSaved: ({ payload: p, metadata: { occurredAt: at } }, tx) =>
      run(
        tx,
        `insert into app_member_lesson_progress (app_id, member_id, media_id, position_in_seconds, percent_complete, seconds_watched, updated_at)
          values (?, ?, ?, ?, ?, ?, ?)
          on conflict (app_id, member_id, media_id) do update set position_in_seconds = excluded.position_in_seconds,
            percent_complete = greatest(app_member_lesson_progress.percent_complete, excluded.percent_complete),
            seconds_watched = app_member_lesson_progress.seconds_watched + excluded.seconds_watched, updated_at = excluded.updated_at`,
        [p.appId, p.memberId, p.mediaId, p.positionInSeconds, p.percentComplete, p.additionalSecondsWatched, at],
      ),
    // a lesson new to a phase goes last in it; a new title or kind keeps its place
    AppLessonMarked: ({ payload: p, metadata: { occurredAt: at } }, tx) =>
      run(
        tx,
        `insert into app_lesson (app_id, media_id, phase_number, title, media_type, marked_at, position)
          values (?, ?, ?, ?, ?, ?, (select coalesce(max(position), 0) + 1 from app_lesson where app_id = ? and phase_number = ?))
          on conflict (app_id, media_id) do update set
            position = case when app_lesson.phase_number = excluded.phase_number then app_lesson.position else excluded.position end,
            phase_number = excluded.phase_number, title = excluded.title, media_type = excluded.media_type`,
        [p.appId, p.mediaId, p.phaseNumber, p.title, p.mediaType, at, p.appId, p.phaseNumber],
      ),
    AppLessonUnmarked: ({ payload: p }, tx) =>
      run(tx, `delete from app_lesson where app_id = ? and media_id = ?`, [p.appId, p.mediaId]),
    AppLessonsReordered: ({ payload: p }, tx) =>
      run(
        tx,
        `update app_lesson l set position = t.n from unnest(?::text[]) with ordinality as t(media_id, n)
          where l.app_id = ? and l.phase_number = ? and l.media_id = t.media_id`,
        [p.mediaIds, p.appId, p.phaseNumber],
      ),
  },
});
