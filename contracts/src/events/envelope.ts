import { z } from 'zod';

/** Metadata stored with every domain event. */
export const eventMetadataSchema = z.object({
  /** Who caused it: a user id, an anonymous id, 'system', or 'worker'. */
  actor: z.string(),
  /** The request or job that started the chain of events. */
  correlationId: z.string(),
  /** The event or command that caused this one directly. */
  causationId: z.string().nullable(),
  /** When the fact happened (ISO-8601). */
  occurredAt: z.string(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/**
 * A versioned event contract. `type` is a past-tense fact (`JobCompleted`); `version` bumps when the
 * payload changes shape, and `upcast` lifts older stored payloads to the current one.
 */
export interface EventDefinition<T extends string = string, S extends z.ZodType = z.ZodType> {
  readonly type: T;
  readonly version: number;
  readonly schema: S;
  /** Lift a payload stored at an older version to the current shape. */
  readonly upcast?: (payload: unknown, fromVersion: number) => unknown;
}

export function defineEvent<T extends string, S extends z.ZodType>(
  type: T,
  version: number,
  schema: S,
  upcast?: (payload: unknown, fromVersion: number) => unknown,
): EventDefinition<T, S> {
  return Object.freeze({ type, version, schema, upcast });
}

export type EventPayload<D> = D extends EventDefinition<string, infer S> ? z.output<S> : never;

/** An event to append: its definition's type and a payload for it. */
export interface NewEvent<D extends EventDefinition = EventDefinition> {
  type: D['type'];
  payload: EventPayload<D>;
}

/** An event as read from the store. */
export interface StoredEvent<P = unknown> {
  /** Global position: unique and increasing within a transaction; not in commit order across transactions. */
  position: string;
  /**
   * The id of the transaction that appended it (PostgreSQL xid8). Delivery and replay follow
   * (transactionId, position); see docs/event-ordering.md. Absent on events built by hand in tests.
   */
  transactionId?: string;
  eventId: string;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  payload: P;
  metadata: EventMetadata;
}
