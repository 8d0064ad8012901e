import { Migration } from '@mikro-orm/migrations';

/**
 * The operations console (issue 12): job runs searchable by the entity they work for, the event log
 * browsable by correlation id and time, rebuild progress, alert rules, the email outbox's delivery
 * state, Stripe webhook deliveries, and analytics uploads counted once.
 */
export class Migration20261123003000_operations_console extends Migration {
  override async up(): Promise<void> {
    // job_run (operations.job-runs v2 fills the new columns on its rebuild)
    this.addSql(`
      alter table job_run
        add column user_id text,
        add column app_id text,
        add column plan_id text,
        add column correlation_id text,
        add column planned_steps jsonb not null default '[]';`);
    this.addSql(`create index job_run_user_idx on job_run (user_id, requested_at desc, run_id desc) where user_id is not null;`);
    this.addSql(`create index job_run_app_idx on job_run (app_id, requested_at desc, run_id desc) where app_id is not null;`);
    this.addSql(`create index job_run_plan_idx on job_run (plan_id, requested_at desc, run_id desc) where plan_id is not null;`);
    this.addSql(`create index job_run_name_idx on job_run (name, requested_at desc, run_id desc);`);
    this.addSql(`create index job_run_queue_idx on job_run (queue, requested_at desc, run_id desc);`);
    this.addSql(`create index job_run_requested_idx on job_run (requested_at desc, run_id desc);`);
    this.addSql(`create index job_run_finished_idx on job_run (finished_at) where finished_at is not null;`);

    // the event log browser: follow a correlation id; find a time range cheaply (the log is appended in time order)
    this.addSql(`create index domain_event_correlation_idx on domain_event ((metadata->>'correlationId'), position);`);
    this.addSql(`create index domain_event_recorded_brin on domain_event using brin (recorded_at);`);

    this.addSql(`
      create table projection_rebuild (
        projection text primary key,
        run_id uuid,
        status text not null check (status in ('running', 'completed', 'failed')),
        phase text not null,
        events_replayed bigint not null default 0,
        events_total bigint not null default 0,
        rate real not null default 0,
        eta_ms bigint,
        started_at timestamptz not null,
        finished_at timestamptz,
        error text,
        updated_at timestamptz not null default now()
      );`);

    // read model of the alert rules (operations.alerts projection)
    this.addSql(`
      create table alert_rule (
        rule_id uuid primary key,
        name text not null,
        kind text not null,
        queue text,
        threshold double precision not null,
        for_minutes integer not null,
        enabled boolean not null,
        state text not null default 'ok',
        since timestamptz,
        last_value double precision,
        last_fired_at timestamptz,
        updated_at timestamptz not null
      );`);
    // the evaluator's own bookkeeping: since when a rule's condition has held (kept across restarts)
    this.addSql(`
      create table alert_watch (
        rule_id uuid primary key,
        condition_since timestamptz,
        last_value double precision,
        evaluated_at timestamptz not null default now()
      );`);

    this.addSql(`
      alter table email_outbox
        add column attempts integer not null default 0,
        add column last_error text,
        add column last_attempt_at timestamptz;`);

    this.addSql(`
      create table commerce_webhook_delivery (
        id bigserial primary key,
        event_id text,
        type text,
        received_at timestamptz not null default now(),
        outcome text not null,
        duplicate boolean not null default false,
        http_status integer not null,
        duration_ms integer not null,
        error text
      );`);
    this.addSql(`create index commerce_webhook_delivery_event_idx on commerce_webhook_delivery (event_id, id desc);`);

    this.addSql(`
      create table analytics_upload (
        api_key text not null,
        checksum text not null,
        events integer not null,
        received_at timestamptz not null default now(),
        primary key (api_key, checksum)
      );`);
    this.addSql(`create index analytics_event_day_idx on analytics_event (occurred_at) where event_type = 'Page Viewed';`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists analytics_upload, commerce_webhook_delivery, alert_watch, alert_rule, projection_rebuild;');
    this.addSql('drop index if exists analytics_event_day_idx, domain_event_correlation_idx, domain_event_recorded_brin;');
    this.addSql('alter table email_outbox drop column attempts, drop column last_error, drop column last_attempt_at;');
    this.addSql(
      'alter table job_run drop column user_id, drop column app_id, drop column plan_id, drop column correlation_id, drop column planned_steps;',
    );
  }
}
