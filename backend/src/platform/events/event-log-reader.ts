import { prepared, type Db } from '../database/database';
import type { StoredEvent } from '@sparkhouse/contracts';
import { EVENT_COLUMNS, toStoredEvent, type EventRow } from './event-records';
import { LOG_ORIGIN, type LogPosition } from './log-position';
import { textArray } from '../database/sql';

/** How far a subscriber has read: the (transaction id, position) of the last event it has dealt with. */
export type Checkpoint = LogPosition;

export const ORIGIN: Checkpoint = LOG_ORIGIN;

/** An event as delivered: always with the id of the transaction that appended it. */
export type LoggedEvent = StoredEvent & { transactionId: string };

/** Which events a read of the log keeps: only these types, and none after `upTo`. */
export interface LogFilter {
  types?: readonly string[];
  upTo?: Checkpoint;
}

/**
 * Ends a look for any event after a place in the log: the first in log order, so the delivery index is
 * walked from that place. Without the order PostgreSQL may plan "any row will do" as a sequential scan
 * expecting an early match, and when nothing is held back (the usual answer) it reads the whole log: a
 * relay read at 50,000 events took 30 ms instead of under 1 ms. (An EXISTS would drop the order, so the
 * looks are scalar subqueries or plain selects.)
 */
const FIRST_IN_LOG_ORDER = 'order by domain_event.transaction_id, domain_event.position limit 1';

/**
 * Reads committed events after a checkpoint in (transaction id, position) order, and only those of
 * transactions older than the oldest one still running. A transaction still running may commit events
 * later, but they sort after everything read here (its id is at or above that horizon), so nothing is
 * ever skipped, and no writer has to wait for another to get a position (docs/event-ordering.md).
 */
export async function readEventsAfter(em: Db, after: Checkpoint, limit: number, only: LogFilter = {}): Promise<LoggedEvent[]> {
  const rows = await selectAfter<EventRow>(em, EVENT_COLUMNS, after, limit, only);
  return rows.map((r) => toStoredEvent(r) as LoggedEvent);
}

/**
 * readEventsAfter and heldBack in one statement, for the relay's read loop: the events after the
 * checkpoint and, when they are fewer than `limit` (the loop then waits), whether events after the
 * last of them are committed but held back, both seen from the same snapshot. One round trip per read
 * instead of two.
 */
export async function readLogAfter(
  em: Db,
  after: Checkpoint,
  limit: number,
): Promise<{ events: LoggedEvent[]; heldBack: boolean }> {
  const read = afterStatement(
    `${EVENT_COLUMNS}, domain_event.transaction_id as sort_tx, domain_event.position as sort_pos`,
    after,
    limit,
    {},
  );
  // one statement, one snapshot: its horizon (pg_snapshot_xmin) is the same in the read and the check
  const rows = await execute<EventRow & { held: boolean | null }>(
    em,
    prepared(`with batch as (${read.sql}),
      last as (select sort_tx, sort_pos from batch order by sort_tx desc, sort_pos desc limit 1)
      select position, transaction_id, event_id, stream_id, stream_version, type, schema_version, payload, metadata,
             null::boolean as held
        from batch
      union all
      select null, null, null, null, null, null, null, null, null,
             coalesce((select true from domain_event
                        where (transaction_id, position) > (coalesce((select sort_tx from last), ?::xid8),
                                                            coalesce((select sort_pos from last), ?::bigint))
                          and transaction_id >= pg_snapshot_xmin(pg_current_snapshot())
                        ${FIRST_IN_LOG_ORDER}), false)
       where (select count(*) from batch) < ?`),
    [...read.params, after.transactionId, after.position, limit],
  );
  const events: LoggedEvent[] = [];
  let held = false;
  for (const r of rows) {
    if (r.held === null) events.push(toStoredEvent(r) as LoggedEvent);
    else held = r.held;
  }
  return { events, heldBack: held };
}

/** Where an event is in the log and what it is, without its payload. */
export interface EventHead extends Checkpoint {
  type: string;
  schemaVersion: number;
}

/** A run of consecutive events (of the ones read) of one type and schema version: its last event's place, and its size. */
export interface EventRun extends EventHead {
  count: number;
}

/**
 * As readEventsAfter, but only where the events are and their types, folded in the database into runs of
 * consecutive events of one type and schema version, in log order: what a rebuild plans its stretches from.
 * A few rows instead of one per event (the replay bench's 100,000 progress events of catalogue.learning were
 * 100,000 rows parsed in the process, 0.1 s of its CPU). The runs hold the `limit` events readEventsAfter would
 * read, and end where it would.
 */
export async function readEventRunsAfter(em: Db, after: Checkpoint, limit: number, only: LogFilter = {}): Promise<EventRun[]> {
  const heads = afterStatement('transaction_id, position, type, schema_version', after, limit, only);
  // i numbers the events read; a run ends where the next event starts another (or nothing follows)
  const rows = await execute<{ transaction_id: string; position: string; type: string; schema_version: number; i: number }>(
    em,
    prepared(`with h as (
       select s.*, row_number() over (order by s.transaction_id, s.position) as i from (${heads.sql}) s
     ),
     m as (
       select h.*, (type, schema_version) is distinct from (lag(type) over w, lag(schema_version) over w) as starts
         from h window w as (order by i)
     ),
     e as (select m.*, coalesce(lead(starts) over (order by i), true) as ends from m)
     select transaction_id::text, position::text, type, schema_version, i::int as i from e where ends order by i`),
    heads.params,
  );
  let before = 0;
  return rows.map((r) => {
    const run = { transactionId: r.transaction_id, position: r.position, type: r.type, schemaVersion: r.schema_version };
    const count = r.i - before;
    before = r.i;
    return { ...run, count };
  });
}

/** The statement reading the log after a checkpoint (see readEventsAfter), selecting `columns`. */
function afterStatement(columns: string, after: Checkpoint, limit: number, only: LogFilter) {
  const params: unknown[] = [after.transactionId, after.position];
  let also = '';
  if (only.types) {
    also += ' and type = any(?::text[])';
    params.push(textArray(only.types));
  }
  if (only.upTo) {
    also += ' and (transaction_id, position) <= (?::xid8, ?::bigint)';
    params.push(only.upTo.transactionId, only.upTo.position);
  }
  return {
    sql: `select ${columns}
       from domain_event
      where (transaction_id, position) > (?::xid8, ?::bigint)
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())${also}
      -- the table's columns, not the text ones selected above: text would sort 10 before 9
      order by domain_event.transaction_id, domain_event.position
      limit ?`,
    params: [...params, limit],
  };
}

function selectAfter<T>(em: Db, columns: string, after: Checkpoint, limit: number, only: LogFilter): Promise<T[]> {
  const { sql, params } = afterStatement(columns, after, limit, only);
  return execute<T>(em, prepared(sql), params);
}

function execute<T>(em: Db, sql: string, params: unknown[]): Promise<T[]> {
  return em.getConnection().execute<T[]>(sql, params, 'all', em.isInTransaction() ? em.getTransactionContext() : undefined);
}

/** The last event a consumer may read now (below the oldest running transaction), or null for an empty log. */
export async function readableHead(em: Db): Promise<Checkpoint | null> {
  const [head] = await execute<{ transaction_id: string; position: string }>(
    em,
    prepared(`select transaction_id::text, position::text from domain_event
      where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      -- the table's columns (the delivery index, read backwards from its end), not the text ones selected
      -- above: those would sort 9 after 10 and need the whole log read and sorted
      order by domain_event.transaction_id desc, domain_event.position desc limit 1`),
    [],
  );
  return head ? { transactionId: head.transaction_id, position: head.position } : null;
}

/**
 * Whether events after the checkpoint are committed but held back by an older transaction still
 * running: delivery resumes as soon as it ends, so the caller should look again shortly.
 */
export async function heldBack(em: Db, after: Checkpoint): Promise<boolean> {
  const found = await execute<unknown>(
    em,
    prepared(`select 1 from domain_event
      where (transaction_id, position) > (?::xid8, ?::bigint)
        and transaction_id >= pg_snapshot_xmin(pg_current_snapshot())
      ${FIRST_IN_LOG_ORDER}`),
    [after.transactionId, after.position],
  );
  return found.length > 0;
}

export const checkpointOf = (e: LoggedEvent): Checkpoint => ({ transactionId: e.transactionId, position: e.position });
