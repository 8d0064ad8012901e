import { Migration } from '@mikro-orm/migrations';

/**
 * The event log without a global append lock (see docs/event-ordering.md):
 * - every event records the id of the transaction that appended it (xid8); consumers read in
 *   (transaction_id, position) order, only below the oldest transaction still running, so a slow writer
 *   is never skipped and positions need no lock;
 * - event_stream keeps each stream's head (its last stream_version, the optimistic-concurrency guard) and
 *   an optional snapshot of the state commands decide from, so no command re-reads a long stream;
 * - checkpoints become (transaction_id, position).
 * Appends no longer notify inside the writer's transaction (a NOTIFY makes commits wait for each other):
 * the relay is told after the commit (AppendSignals).
 */
export class Migration20261123000100_event_store_without_append_lock extends Migration {
  override async up(): Promise<void> {
    // a volatile default is evaluated for every existing row, in this migration's transaction: the events
    // already stored all get this transaction's id and keep their position order within it
    this.addSql(`alter table domain_event add column transaction_id xid8 not null default pg_current_xact_id();`);
    this.addSql(`create index domain_event_delivery_idx on domain_event (transaction_id, position);`);
    this.addSql(`alter table event_checkpoint add column transaction_id xid8 not null default '0';`);
    // a subscriber that had read up to position N has read up to (this transaction, N)
    this.addSql(`update event_checkpoint set transaction_id = pg_current_xact_id() where position > 0;`);
    this.addSql(`
      create table event_stream (
        stream_id text primary key,
        -- the stream's last stream_version: appends compare-and-set it (optimistic concurrency per stream)
        version integer not null check (version > 0),
        -- a state folded from the stream's first snapshot_version events by the model snapshot_model names
        snapshot jsonb,
        snapshot_model text,
        snapshot_version integer not null default 0
      );`);
    this.addSql(`
      insert into event_stream (stream_id, version)
        select stream_id, max(stream_version) from domain_event group by stream_id;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists event_stream;');
    this.addSql('alter table event_checkpoint drop column if exists transaction_id;');
    this.addSql('drop index if exists domain_event_delivery_idx;');
    this.addSql('alter table domain_event drop column if exists transaction_id;');
  }
}
