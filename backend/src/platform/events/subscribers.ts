import { SetMetadata } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StoredEvent } from '@sparkhouse/contracts';

/**
 * A read model built from events. `handle` runs inside the transaction that also moves the
 * projection's checkpoint, so each event takes effect exactly once. `truncate` empties the tables
 * the projection owns; a replay then rebuilds them from position 0. Bump `version` when the
 * read model changes shape: the runner rebuilds it at start-up.
 */
export interface Projection {
  readonly kind: 'projection';
  readonly name: string;
  readonly version: number;
  readonly handles: readonly string[];
  handle(em: EntityManager, event: StoredEvent): Promise<void>;
  truncate(em: EntityManager): Promise<void>;
}

/**
 * A process manager: reacts to events with side effects (enqueue a job, push a message, issue a
 * command). Delivered at least once, in order; it must be idempotent.
 */
export interface Reactor {
  readonly kind: 'reactor';
  readonly name: string;
  readonly handles: readonly string[];
  /** Handles a run of consecutive events this reactor subscribes to. */
  handle(events: StoredEvent[]): Promise<void>;
}

export type EventSubscriber = Projection | Reactor;

export const EVENT_SUBSCRIBER = Symbol('EVENT_SUBSCRIBER');

/** Marks a provider as a projection or reactor; the relay discovers it. */
export const Subscribes = (): ClassDecorator => SetMetadata(EVENT_SUBSCRIBER, true);
