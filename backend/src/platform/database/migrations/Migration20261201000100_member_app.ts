import { Migration } from '@mikro-orm/migrations';

/**
 * The member app: members' access to an app (from commerce's subscription facts), their progress
 * through their plan, check-ins, lesson positions and reminder settings (the creator-apps.members
 * projection), the app's lessons, and the reminders and weekly summaries sent (written by the
 * reminder rounds, one row per member and period: a round run twice sends nothing twice).
 */
export class Migration20261201000100_member_app extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table app_member_access (
      subscription_id text primary key,
      user_id text not null,
      app_id text not null,
      status text not null,
      plan_display_name text not null default '',
      trial_end timestamptz,
      current_period_end timestamptz,
      cancel_at_period_end boolean not null default false,
      started_at timestamptz not null,
      canceled_at timestamptz
    );`);
    this.addSql(`create index app_member_access_member_idx on app_member_access (app_id, user_id, started_at desc);`);
    this.addSql(`create table app_member_contact (user_id text primary key, email text not null, first_name text);`);
    this.addSql(`create table app_member_progress (
      app_id text not null,
      member_id text not null,
      phases_done int not null default 0,
      sessions_in_phase int not null default 0,
      sessions_done int not null default 0,
      updated_at timestamptz not null,
      primary key (app_id, member_id)
    );`);
    this.addSql(`create table app_member_phase (
      app_id text not null,
      member_id text not null,
      phase_id text not null,
      sessions_done int not null default 0,
      completed_at timestamptz,
      primary key (app_id, member_id, phase_id)
    );`);
    this.addSql(`create table app_member_day (
      app_id text not null,
      member_id text not null,
      local_date date not null,
      sessions int not null default 0,
      check_ins int not null default 0,
      primary key (app_id, member_id, local_date)
    );`);
    this.addSql(`create table app_member_checkin (
      client_id text primary key,
      app_id text not null,
      member_id text not null,
      local_date date not null,
      mood int not null,
      effort int not null,
      note text,
      at timestamptz not null
    );`);
    this.addSql(`create index app_member_checkin_member_idx on app_member_checkin (app_id, member_id, at desc);`);
    this.addSql(`create table app_member_reminder (
      app_id text not null,
      member_id text not null,
      slot text,
      weekly_summary boolean not null,
      time_zone text not null,
      updated_at timestamptz not null,
      primary key (app_id, member_id)
    );`);
    this.addSql(`create index app_member_reminder_slot_idx on app_member_reminder (slot, time_zone) where slot is not null;`);
    this.addSql(`create table app_member_lesson_progress (
      app_id text not null,
      member_id text not null,
      media_id text not null,
      position_in_seconds double precision not null,
      percent_complete double precision not null,
      seconds_watched double precision not null default 0,
      updated_at timestamptz not null,
      primary key (app_id, member_id, media_id)
    );`);
    this.addSql(`create table app_lesson (
      app_id text not null,
      media_id text not null,
      phase_number int not null,
      title text not null,
      media_type text not null,
      marked_at timestamptz not null,
      primary key (app_id, media_id)
    );`);
    this.addSql(`create table member_reminder_delivery (
      kind text not null,
      app_id text not null,
      member_id text not null,
      period text not null,
      outbox_id bigint,
      sent_at timestamptz not null default now(),
      primary key (kind, app_id, member_id, period)
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop table if exists app_member_access, app_member_contact, app_member_progress, app_member_phase, app_member_day,
        app_member_checkin, app_member_reminder, app_member_lesson_progress, app_lesson, member_reminder_delivery;`,
    );
  }
}
