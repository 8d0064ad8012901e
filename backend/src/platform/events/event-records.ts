import { randomUUID } from 'node:crypto';
import { eventCatalog, type EventDefinition, type EventMetadata, type NewEvent, type StoredEvent } from '@sparkhouse/contracts';
import { requestContext } from '../context/request-context';
import { UnknownEventTypeError } from './errors';

/**
 * Events as the store writes and reads them: each new event checked against its contract and given its
 * metadata, and each stored row turned back into an event at today's schema version.
 */

/** A domain_event row as the store's statements select it (EVENT_COLUMNS). */
export interface EventRow {
  position: string;
  transaction_id?: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  payload: unknown;
  metadata: EventMetadata;
}

export const EVENT_COLUMNS = `position::text, transaction_id::text, event_id, stream_id, stream_version, type, schema_version, payload, metadata`;

function definitionOf(type: string): EventDefinition {
  const d = eventCatalog.get(type);
  if (!d) throw new UnknownEventTypeError(type);
  return d;
}

/** Each event checked against its contract: its payload parsed, at the definition's schema version. */
export function validate(events: NewEvent[]): { type: string; schemaVersion: number; payload: unknown }[] {
  return events.map((e) => {
    const def = definitionOf(e.type);
    return { type: e.type, schemaVersion: def.version, payload: def.schema.parse(e.payload) };
  });
}

export function pendingEvent(
  streamId: string,
  streamVersion: number,
  e: { type: string; schemaVersion: number; payload: unknown },
  metadata: EventMetadata,
): StoredEvent {
  return {
    position: '0',
    eventId: randomUUID(),
    streamId,
    streamVersion,
    type: e.type,
    schemaVersion: e.schemaVersion,
    payload: e.payload,
    metadata,
  };
}

/** The metadata of events appended now: actor, correlation and causation from the request context, the time. */
export function currentMetadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
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
    ...(row.transaction_id !== undefined ? { transactionId: row.transaction_id } : {}),
    eventId: row.event_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    schemaVersion,
    payload,
    metadata: row.metadata,
  };
}
