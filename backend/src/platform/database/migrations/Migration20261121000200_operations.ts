import { Migration } from '@mikro-orm/migrations';

/** Operations read models: job runs (from job lifecycle events) and the analytics intake. */
export class Migration20261121000200_operations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table job_run (
        run_id uuid primary key,
        name text not null,
        queue text not null,
        owner_id text not null,
        subject_id text,
        status text not null check (status in ('queued', 'running', 'completed', 'failed', 'canceled')),
        percent real not null default 0,
        step text,
        message text,
        steps jsonb not null default '[]',
        attempts integer not null default 0,
        result jsonb,
        error text,
        cancel_requested boolean not null default false,
        requested_at timestamptz not null,
        started_at timestamptz,
        finished_at timestamptz,
        duration_ms integer
      );`);
    this.addSql(`create index job_run_owner_idx on job_run (owner_id, requested_at desc);`);
    this.addSql(`create index job_run_status_idx on job_run (status, requested_at desc);`);
    this.addSql(`
      create table analytics_event (
        id bigserial primary key,
        event_type text not null,
        occurred_at timestamptz not null,
        user_id text,
        device_id text,
        session_id bigint,
        properties jsonb not null default '{}',
        received_at timestamptz not null default now()
      );`);
    this.addSql(`create index analytics_event_type_idx on analytics_event (event_type, occurred_at desc);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists analytics_event, job_run;');
  }
}
