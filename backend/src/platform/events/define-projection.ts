import type { Provider } from '@nestjs/common';
import type { DomainEvent, EventType } from '@sparkhouse/contracts';
import type { Db } from '../database/database';
import { run } from '../database/sql';
import { EVENT_SUBSCRIBER, runsOfType, type EventSubscriber, type Projection } from './subscribers';

/** One handler per event type, each given its typed event and the projection's transaction. */
export type ProjectionHandlers<T extends EventType> = { [K in T]: (event: DomainEvent<K>, tx: Db) => Promise<unknown> };

/** Optional handlers for runs of consecutive events of one type: the same effect as `on` for each, in fewer statements. */
export type BatchHandlers<T extends EventType> = { [K in T]?: (events: DomainEvent<K>[], tx: Db) => Promise<unknown> };

export interface ProjectionSpec<T extends EventType> {
  /** Stable name: the checkpoint, the console and `npm run replay -- <name>` know it by this. */
  readonly name: string;
  /** Bump when the read model changes shape: the runner rebuilds it at start-up. */
  readonly version: number;
  /** The tables it owns: a rebuild builds copies of them, and truncating the projection empties them. */
  readonly tables: readonly string[];
  /** B-tree indexes of its tables that only queries use (see Projection.queryIndexes). */
  readonly queryIndexes?: readonly string[];
  /** The events it is built from; the keys are the event types it subscribes to. */
  readonly on: ProjectionHandlers<T>;
  readonly batch?: BatchHandlers<T>;
  /** Of the events of its types, the ones it needs (default: all); checked before any transaction. */
  readonly accepts?: (event: DomainEvent<T>) => boolean;
  /** Runs a rebuild applies with set-based statements over the log's own rows (see Projection.setBased). */
  readonly setBased?: Projection['setBased'];
}

/**
 * A read model's projection, declared as its owned tables and one typed handler per event type:
 *
 *     export const cartsProjection = defineProjection({
 *       name: 'commerce.carts', version: 1, tables: ['commerce_cart'],
 *       on: { CartUpdated: (e, tx) => run(tx, `insert ...`, [e.payload.userId, ...]) },
 *     });
 *
 * and registered by its module with `subscriberProviders(cartsProjection)`.
 */
export function defineProjection<T extends EventType>(spec: ProjectionSpec<T>): Projection<T> {
  const handles = Object.keys(spec.on) as T[];
  const one = (e: DomainEvent<T>, tx: Db) => (spec.on[e.type as T] as (e: DomainEvent<T>, tx: Db) => Promise<unknown>)(e, tx);
  const batches = spec.batch;
  return {
    kind: 'projection',
    name: spec.name,
    version: spec.version,
    handles,
    tables: spec.tables,
    queryIndexes: spec.queryIndexes,
    accepts: spec.accepts,
    setBased: spec.setBased,
    async handle(tx, event) {
      await one(event, tx);
    },
    handleBatch: batches
      ? async (tx, events) => {
          for (const { type, events: sameType } of runsOfType(events)) {
            const batch = batches[type as T] as ((events: DomainEvent<T>[], tx: Db) => Promise<unknown>) | undefined;
            if (batch && sameType.length > 1) await batch(sameType, tx);
            else for (const e of sameType) await one(e, tx);
          }
        }
      : undefined,
    async truncate(tx) {
      await run(tx, `truncate ${spec.tables.join(', ')}`);
    },
  };
}

/** One SQL statement of a projection (see defineStatementProjection). */
export interface Statement {
  sql: string;
  params: unknown[];
}

/** One handler per event type, each answering the one statement that applies the event (null: nothing to do). */
export type StatementHandlers<T extends EventType> = { [K in T]: (event: DomainEvent<K>) => Statement | null };

/**
 * A read model whose every event is one SQL statement, declared as one typed handler per event type
 * answering that statement. A run of events of any types is applied in one round trip (the statements
 * in order, Db.executeBatch), with the same effect as one by one: for read models fed many small facts
 * of mixed types (a run's lifecycle and progress).
 */
export function defineStatementProjection<T extends EventType>(
  spec: Omit<ProjectionSpec<T>, 'on' | 'batch'> & { readonly statements: StatementHandlers<T> },
): Projection<T> {
  const statementFor = (e: DomainEvent<T>) => (spec.statements[e.type as T] as (e: DomainEvent<T>) => Statement | null)(e);
  const apply = async (e: DomainEvent<T>, tx: Db) => {
    const statement = statementFor(e);
    if (statement) await run(tx, statement.sql, statement.params);
  };
  return {
    kind: 'projection',
    name: spec.name,
    version: spec.version,
    handles: Object.keys(spec.statements) as T[],
    tables: spec.tables,
    queryIndexes: spec.queryIndexes,
    accepts: spec.accepts,
    setBased: spec.setBased,
    async handle(tx, event) {
      await apply(event, tx);
    },
    async handleBatch(tx, events) {
      await tx.executeBatch(events.map(statementFor).filter((s): s is Statement => s !== null));
    },
    async truncate(tx) {
      await run(tx, `truncate ${spec.tables.join(', ')}`);
    },
  };
}

/** A module's projections and reactors made into providers the event relay finds. */
export function subscriberProviders(...subscribers: EventSubscriber[]): Provider[] {
  return subscribers.map((s) => ({ provide: `event-subscriber:${s.name}`, useValue: markSubscriber(s) }));
}

const SUBSCRIBER_MARK = Symbol.for('sparkhouse.event-subscriber');

function markSubscriber<S extends EventSubscriber>(s: S): S {
  Object.defineProperty(s, SUBSCRIBER_MARK, { value: true, enumerable: false });
  return s;
}

/** Whether a provider's instance is a subscriber: a class marked @Subscribes() or a value from subscriberProviders. */
export function isSubscriberProvider(metatype: unknown, instance: unknown): instance is EventSubscriber {
  if (!instance || typeof instance !== 'object') return false;
  if (typeof metatype === 'function' && Reflect.getMetadata(EVENT_SUBSCRIBER, metatype)) return true;
  return (instance as Record<symbol, unknown>)[SUBSCRIBER_MARK] === true;
}
