import type { EntityManager } from '@mikro-orm/postgresql';
import type { StoredEvent } from '@sparkhouse/contracts';
import { toStoredEvent, type EventRow } from './event-store';

/** How far a subscriber has read: the position of the last event it has dealt with. */
export interface Checkpoint {
  position: string;
}

export const ORIGIN: Checkpoint = { position: '0' };

/**
 * Reads committed events after a checkpoint, in position order. Positions are handed out in commit
 * order (see the append lock in EventStore), so nothing committed later can appear behind a
 * position already read.
 */
export async function readEventsAfter(em: EntityManager, after: Checkpoint, limit: number): Promise<StoredEvent[]> {
  const rows = await em.getConnection().execute<EventRow[]>(
    `select position::text, event_id, stream_id, stream_version, type, schema_version, payload, metadata
       from domain_event
      where domain_event.position > ?::bigint
      -- the table's bigint column, not the text one selected above: text would sort 10 before 9
      order by domain_event.position
      limit ?`,
    [after.position, limit],
    'all',
    em.isInTransaction() ? em.getTransactionContext() : undefined,
  );
  return rows.map(toStoredEvent);
}

export const checkpointOf = (e: StoredEvent): Checkpoint => ({ position: e.position });
