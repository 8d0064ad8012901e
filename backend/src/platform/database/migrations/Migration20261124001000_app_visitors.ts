import { Migration } from '@mikro-orm/migrations';

/**
 * An app's visitors (issue 10): each visitor's onboarding state and their personalized plans. Read
 * models of the creator-apps.visitors projection (rebuilt from the log by replay). testing_step_id:
 * a creator's test of their own app (never counted with live visitors). app_test_flow: the
 * creator's test flows (named answers the simulator replays). app_visitor_link: anonymous ids linked
 * to members, so a fact of an anonymous visitor delivered again after the link lands on the member.
 */
export class Migration20261124001000_app_visitors extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table app_visitor_onboarding (
      app_id uuid not null,
      visitor_id text not null,
      user_state jsonb not null,
      pages_info jsonb not null,
      completed_at timestamptz,
      updated_at timestamptz not null,
      testing_step_id text,
      primary key (app_id, visitor_id)
    );`);
    this.addSql(`create table app_visitor_plan (
      plan_id uuid primary key,
      app_id uuid not null,
      visitor_id text not null,
      run_id uuid not null unique,
      status text not null,
      percent int not null default 0,
      step text,
      plan jsonb,
      generated_by text,
      error text,
      requested_at timestamptz not null,
      finished_at timestamptz,
      testing_step_id text
    );`);
    this.addSql(`create table app_visitor_link (anonymous_id text primary key, user_id text not null);`);
    this.addSql(`create table app_test_flow (
      test_flow_id uuid primary key,
      app_id uuid not null,
      owner_id text not null,
      title text not null,
      steps jsonb not null default '[]',
      created_at timestamptz not null,
      updated_at timestamptz not null,
      version int not null
    );`);
    this.addSql(`create index app_test_flow_by_app on app_test_flow (app_id, created_at);`);
    this.addSql(`create index app_visitor_plan_by_visitor on app_visitor_plan (app_id, visitor_id, requested_at desc);`);
  }
}
