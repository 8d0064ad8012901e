import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { eventCatalog, type EventDefinition, type EventMetadata, type NewEvent, type StoredEvent } from '@sparkhouse/contracts';
import { requestContext } from '../context/request-context';
import { ConcurrencyError, UnknownEventTypeError } from './errors';

/** Channel the relay listens on; a notification is sent on every commit that appended events. */
export const EVENTS_CHANNEL = 'sparkhouse_domain_events';

/**
 * Held from the first append of a transaction to its commit: positions are then handed out in commit
 * order, so the relay can read "everything after position N" without ever skipping a slow writer.
 * Append as the last step of a command's transaction: the lock serialises every appending writer.
 */
const APPEND_LOCK = 'sparkhouse:domain-event-append';

export interface AppendOptions {
  /** The stream version the caller last saw (0 = the stream must be new). Omit to append after whatever is there. */
  expectedVersion?: number;
  /** Overrides for the metadata taken from the request context. */
  metadata?: Partial<EventMetadata>;
}

interface EventRow {
  position: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  payload: unknown;
  metadata: EventMetadata;
}

/**
 * The append-only domain event log. `append` must run inside the transaction that changes the write
 * model, so the state change and its facts commit (or roll back) together.
 */
@Injectable()
export class EventStore {
  async append(em: EntityManager, streamId: string, events: NewEvent[], options: AppendOptions = {}): Promise<StoredEvent[]> {
    const appended = await this.appendIf(
      em,
      streamId,
      (stream) => {
        if (options.expectedVersion !== undefined && options.expectedVersion !== stream.length) {
          throw new ConcurrencyError(streamId, options.expectedVersion, stream.length);
        }
        return events;
      },
      options.metadata,
    );
    return appended ?? [];
  }

  /**
   * Appends what `decide` answers for the stream as it is now (null: append nothing). The append lock
   * is taken first and held to commit, so the decision cannot race another writer, and no two
   * transactions can wait on each other's streams.
   */
  async appendIf(
    em: EntityManager,
    streamId: string,
    decide: (stream: StoredEvent[]) => NewEvent[] | null,
    metadataOverrides?: Partial<EventMetadata>,
  ): Promise<StoredEvent[] | null> {
    if (!em.isInTransaction()) throw new Error('EventStore.append must run inside a transaction');
    const conn = em.getConnection();
    const trx = em.getTransactionContext();
    await conn.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [APPEND_LOCK], 'run', trx);
    const stream = await this.readStream(em, streamId);
    const events = decide(stream);
    if (!events || events.length === 0) return null;
    const definitions = events.map((e) => definitionOf(e.type));
    const payloads = events.map((e, i) => definitions[i].schema.parse(e.payload));
    const metadata = currentMetadata(metadataOverrides);
    const rows = events.map((e, i) => ({
      event_id: randomUUID(),
      stream_id: streamId,
      stream_version: stream.length + i + 1,
      type: e.type,
      schema_version: definitions[i].version,
      payload: payloads[i],
      metadata,
    }));
    const inserted = await conn.execute<EventRow[]>(
      `insert into domain_event (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
       select * from jsonb_to_recordset(?::jsonb) as r(event_id uuid, stream_id text, stream_version int, type text,
                                                       schema_version int, payload jsonb, metadata jsonb)
       returning position::text, event_id, stream_id, stream_version, type, schema_version, payload, metadata`,
      [JSON.stringify(rows)],
      'all',
      trx,
    );
    await conn.execute('select pg_notify(?, ?)', [EVENTS_CHANNEL, ''], 'run', trx);
    return inserted.sort((a, b) => a.stream_version - b.stream_version).map(toStoredEvent);
  }

  async readStream(em: EntityManager, streamId: string): Promise<StoredEvent[]> {
    const rows = await em.getConnection().execute<EventRow[]>(
      `select position::text, event_id, stream_id, stream_version, type, schema_version, payload, metadata
           from domain_event where stream_id = ? order by stream_version`,
      [streamId],
      'all',
      em.isInTransaction() ? em.getTransactionContext() : undefined,
    );
    return rows.map(toStoredEvent);
  }
}

function definitionOf(type: string): EventDefinition {
  const d = eventCatalog.get(type);
  if (!d) throw new UnknownEventTypeError(type);
  return d;
}

function currentMetadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  const ctx = requestContext.current();
  return {
    actor: ctx?.principal?.id ?? 'system',
    correlationId: ctx?.requestId ?? randomUUID(),
    causationId: ctx?.causationId ?? null,
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
}

/** Rows come back at the schema version they were written with; upcasting lifts them to today's shape. */
export function toStoredEvent(row: EventRow): StoredEvent {
  const def = eventCatalog.get(row.type);
  let payload = row.payload;
  let schemaVersion = row.schema_version;
  if (def && row.schema_version < def.version) {
    if (!def.upcast) throw new Error(`${row.type} v${row.schema_version} is stored but no upcaster lifts it to v${def.version}`);
    payload = def.upcast(payload, row.schema_version);
    schemaVersion = def.version;
  }
  return {
    position: row.position,
    eventId: row.event_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    schemaVersion,
    payload,
    metadata: row.metadata,
  };
}

export type { EventRow };
