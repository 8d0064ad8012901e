import type { StoredEvent } from '@sparkhouse/contracts';
import type { Checkpoint } from './event-log-reader';

/**
 * A run of events as rows a projection's set-based statement selects from: `payload` and `metadata`
 * (jsonb), `position` (bigint) and `n` (bigint: 1, 2, ... in delivery order). The rows are either the events
 * in hand (live delivery) or a stretch of the log itself (a rebuild: the payloads never leave the
 * database). A projection writes each statement once, over `(${rows.sql}) e`, and both paths use it, so
 * a rebuilt read model comes from the very SQL that keeps the live one.
 */
export interface EventRows {
  readonly sql: string;
  readonly params: readonly unknown[];
  /**
   * A stretch of the log only: the same events as `payload` and `position` rows without their order (`n`),
   * which PostgreSQL may read in parallel workers (a window over the rows keeps them on one core).
   */
  readonly unordered?: { readonly sql: string; readonly params: readonly unknown[] };
}

/** The events of one type after `after`, up to and including `upTo`, in delivery order. */
export interface LogRun {
  readonly type: string;
  readonly after: Checkpoint;
  readonly upTo: Checkpoint;
}

/** Events already read (and upcast), sent as one JSON parameter. */
export function eventsInHand(events: readonly StoredEvent[]): EventRows {
  return {
    sql: `select r.payload, r.metadata, r.position, r.n
            from jsonb_to_recordset(?::jsonb) as r(payload jsonb, metadata jsonb, position bigint, n bigint)`,
    params: [
      JSON.stringify(events.map((e, i) => ({ payload: e.payload, metadata: e.metadata, position: e.position, n: i + 1 }))),
    ],
  };
}

/**
 * A run's events read by the statement itself from domain_event. Only for events stored at their
 * type's current schema version (older ones need their upcaster, in the process): the caller checks.
 */
export function eventsInLog(run: LogRun): EventRows {
  const where = `where e.type = ? and (e.transaction_id, e.position) > (?::xid8, ?::bigint)
             and (e.transaction_id, e.position) <= (?::xid8, ?::bigint)`;
  const params = [run.type, run.after.transactionId, run.after.position, run.upTo.transactionId, run.upTo.position];
  return {
    sql: `select e.payload, e.metadata, e.position, row_number() over (order by e.transaction_id, e.position) as n
            from domain_event e
           ${where}`,
    params,
    unordered: { sql: `select e.payload, e.position from domain_event e ${where}`, params },
  };
}
