import { SetMetadata } from '@nestjs/common';
import type { Db } from '../database/database';
import type { DomainEvent, EventType, StoredEvent } from '@sparkhouse/contracts';
import type { EventRows } from './event-rows';

/**
 * A read model built from events. `handle` runs inside the transaction that also moves the
 * projection's checkpoint, so each event takes effect exactly once. `truncate` empties the tables
 * the projection owns; a replay then rebuilds them from position 0. Bump `version` when the
 * read model changes shape: the runner rebuilds it at start-up.
 */
export interface Projection<T extends EventType = EventType> {
  readonly kind: 'projection';
  readonly name: string;
  readonly version: number;
  readonly handles: readonly T[];
  /** The tables it owns (a rebuild builds copies of them); when omitted, the ones `truncate` empties. */
  readonly tables?: readonly string[];
  /**
   * Optional: B-tree indexes of its tables (by name) that only queries use: none of its statements finds
   * or checks rows through them. A rebuild builds them once its copies are filled, as it does every
   * non-unique index other than a B-tree, instead of keeping them up to date row by row.
   */
  readonly queryIndexes?: readonly string[];
  handle(em: Db, event: DomainEvent<T>): Promise<void>;
  /**
   * Optional: of the events of the types it handles, the ones it needs (default: all). Checked in
   * memory before anything else, so a projection that cares about a few jobs' lifecycle passes the
   * others' facts by without a transaction.
   */
  accepts?(event: DomainEvent<T>): boolean;
  /**
   * Optional: applies a run of consecutive events (only types it handles, in log order) with the same
   * effect as `handle` on each in turn, in fewer statements. The relay and replay use it when present.
   */
  handleBatch?(em: Db, events: DomainEvent<T>[]): Promise<void>;
  /**
   * Optional: the event types whose runs it applies with set-based statements over event rows, and
   * those statements (same effect as `handle` on each event in turn). A rebuild hands it runs of these
   * types as rows of the log itself, so their payloads never leave the database; `handleBatch` should
   * hand it the events in hand (`eventsInHand`), so that live and rebuilt rows come from the same SQL.
   */
  readonly setBased?: {
    readonly types: readonly string[];
    apply(em: Db, type: string, rows: EventRows): Promise<void>;
    /**
     * Optional: a run of `first` followed right away by a run of `then` (both of these types), applied
     * together with the same effect as `apply` on one and then the other, in fewer row versions (e.g.
     * cards written with the count the purchases after them would set, instead of written and updated).
     */
    readonly followed?: {
      readonly first: string;
      readonly then: string;
      apply(em: Db, first: EventRows, then: EventRows): Promise<void>;
    };
  };
  truncate(em: Db): Promise<void>;
}

/** Whether a subscriber needs this event: a type it handles, and (if it says) one it accepts. */
export function wants(
  subscriber: EventSubscriber,
  event: StoredEvent,
  handles: ReadonlySet<string> = new Set(subscriber.handles),
): event is DomainEvent {
  return handles.has(event.type) && (subscriber.accepts?.(event as DomainEvent) ?? true);
}

/** Applies events to a projection in its transaction: the ones it handles, in a batch when it can. */
export async function project(em: Db, projection: EventSubscriber & Projection, events: readonly StoredEvent[]): Promise<void> {
  const handles = new Set<string>(projection.handles);
  const relevant = events.filter((e): e is DomainEvent => wants(projection, e, handles));
  if (relevant.length === 0) return;
  if (projection.handleBatch) return projection.handleBatch(em, relevant);
  for (const event of relevant) await projection.handle(em, event);
}

/** Splits events into runs of consecutive events of the same type (a batch handler's unit of work). */
export function runsOfType<E extends StoredEvent>(events: readonly E[]): { type: E['type']; events: E[] }[] {
  const runs: { type: E['type']; events: E[] }[] = [];
  for (const event of events) {
    const last = runs[runs.length - 1];
    if (last?.type === event.type) last.events.push(event);
    else runs.push({ type: event.type, events: [event] });
  }
  return runs;
}

/**
 * A process manager: reacts to events with side effects (enqueue a job, push a message, issue a
 * command). Delivered at least once, in order; it must be idempotent.
 */
export interface Reactor<T extends EventType = EventType> {
  readonly kind: 'reactor';
  readonly name: string;
  readonly handles: readonly T[];
  /** Optional: of the events of the types it handles, the ones it needs (default: all). */
  accepts?(event: DomainEvent<T>): boolean;
  /** Handles a run of consecutive events this reactor subscribes to. */
  handle(events: DomainEvent<T>[]): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a subscriber of any event types: the runner only hands each the types it names
export type EventSubscriber = Projection<any> | Reactor<any>;

export const EVENT_SUBSCRIBER = Symbol('EVENT_SUBSCRIBER');

/** Marks a provider as a projection or reactor; the relay discovers it. */
export const Subscribes = (): ClassDecorator => SetMetadata(EVENT_SUBSCRIBER, true);
