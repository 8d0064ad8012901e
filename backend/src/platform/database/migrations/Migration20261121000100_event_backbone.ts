import { Migration } from '@mikro-orm/migrations';

/** The event backbone: the append-only log, subscriber checkpoints, signing keys, seed bookkeeping. */
export class Migration20261121000100_event_backbone extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table domain_event (
        -- appends are serialised by an advisory lock held to commit, so positions are handed out in
        -- commit order: a reader that has seen position N will never later find a smaller one
        position bigserial primary key,
        event_id uuid not null unique,
        stream_id text not null,
        stream_version integer not null check (stream_version > 0),
        type text not null,
        schema_version integer not null check (schema_version > 0),
        payload jsonb not null,
        metadata jsonb not null,
        recorded_at timestamptz not null default now(),
        constraint domain_event_stream_version_unique unique (stream_id, stream_version)
      );`);
    this.addSql(`create index domain_event_type_idx on domain_event (type, position);`);
    this.addSql(`
      create function domain_event_is_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'domain_event is append-only';
      end $$;`);
    this.addSql(`
      create trigger domain_event_no_change before update or delete on domain_event
        for each row execute function domain_event_is_append_only();`);
    this.addSql(`
      create trigger domain_event_no_truncate before truncate on domain_event
        for each statement execute function domain_event_is_append_only();`);
    this.addSql(`
      create table event_checkpoint (
        subscriber text primary key,
        kind text not null check (kind in ('projection', 'reactor')),
        version integer not null default 1,
        position bigint not null default 0,
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table signing_key (
        kid text primary key,
        algorithm text not null,
        private_key_pem text not null,
        public_jwk jsonb not null,
        created_at timestamptz not null default now(),
        retired_at timestamptz
      );`);
    this.addSql(`create table seed_run (name text primary key, ran_at timestamptz not null default now());`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists seed_run, signing_key, event_checkpoint, domain_event;');
    this.addSql('drop function if exists domain_event_is_append_only();');
  }
}
