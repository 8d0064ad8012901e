import type { EntityManager } from '@mikro-orm/postgresql';
import type { StoredEvent } from '@sparkhouse/contracts';
import { toStoredEvent, type EventRow } from './event-store';

export interface Checkpoint {
  transactionId: string;
  position: string;
}

export const ORIGIN: Checkpoint = { transactionId: '0', position: '0' };

/**
 * Reads committed events after a checkpoint in delivery order. Only events of transactions older
 * than every transaction still open are visible: a transaction that took a lower position but
 * commits later is waited for instead of being skipped.
 */
export async function readEventsAfter(em: EntityManager, after: Checkpoint, limit: number): Promise<StoredEvent[]> {
  const rows = await em.getConnection().execute<EventRow[]>(
    `select position::text, event_id, stream_id, stream_version, type, schema_version, payload, metadata,
            transaction_id::text
       from domain_event
      where (transaction_id, position) > (?::xid8, ?::bigint)
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by transaction_id, position
      limit ?`,
    [after.transactionId, after.position, limit],
    'all',
    em.isInTransaction() ? em.getTransactionContext() : undefined,
  );
  return rows.map(toStoredEvent);
}

export const checkpointOf = (e: StoredEvent): Checkpoint => ({ transactionId: e.transactionId, position: e.position });
