import { Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StoredEvent } from '@sparkhouse/contracts';
import { requestContext } from '../context/request-context';
import { checkpointOf, ORIGIN, readEventsAfter, type Checkpoint } from './event-log-reader';
import type { EventSubscriber, Projection, Reactor } from './subscribers';

export type BatchOutcome = 'done' | 'more' | 'busy';

/** Key of the per-subscriber advisory lock: held by a rebuild, tried by the live runner. */
export const subscriberLockKey = (name: string) => `subscriber:${name}`;

/**
 * Moves one subscriber forward by one batch. Projections apply the batch and their new checkpoint in
 * one transaction (exactly-once effect); reactors run their side effects first and then save the
 * checkpoint (at-least-once delivery).
 */
@Injectable()
export class SubscriptionProcessor {
  private readonly logger = new Logger('EventRelay');

  constructor(private readonly orm: MikroORM) {}

  async ensureCheckpoint(subscriber: EventSubscriber): Promise<{ version: number }> {
    const version = subscriber.kind === 'projection' ? subscriber.version : 1;
    const em = this.orm.em.fork();
    await em
      .getConnection()
      .execute(`insert into event_checkpoint (subscriber, kind, version) values (?, ?, ?) on conflict (subscriber) do nothing`, [
        subscriber.name,
        subscriber.kind,
        version,
      ]);
    const [row] = await em
      .getConnection()
      .execute<{ version: number }[]>('select version from event_checkpoint where subscriber = ?', [subscriber.name]);
    return row;
  }

  /** Empties a projection's tables and rewinds it to position 0, in one transaction. */
  async reset(projection: Projection): Promise<void> {
    await this.orm.em.fork().transactional(async (tem) => {
      await projection.truncate(tem);
      await tem.getConnection().execute(
        `insert into event_checkpoint (subscriber, kind, version, position, updated_at)
           values (?, 'projection', ?, 0, now())
           on conflict (subscriber) do update set version = excluded.version, position = 0, updated_at = now()`,
        [projection.name, projection.version],
        'run',
        tem.getTransactionContext(),
      );
    });
  }

  async processBatch(subscriber: EventSubscriber, batchSize: number, opts: { lockHeld?: boolean } = {}): Promise<BatchOutcome> {
    return subscriber.kind === 'projection'
      ? this.projectBatch(subscriber, batchSize, opts.lockHeld ?? false)
      : this.reactBatch(subscriber, batchSize);
  }

  private async projectBatch(projection: Projection, batchSize: number, lockHeld: boolean): Promise<BatchOutcome> {
    return this.orm.em.fork().transactional(async (tem) => {
      if (!lockHeld && !(await tryLock(tem, projection.name))) return 'busy';
      const from = await loadCheckpoint(tem, projection.name, true);
      const events = await readEventsAfter(tem, from, batchSize);
      if (events.length === 0) return 'done';
      const handles = new Set(projection.handles);
      for (const event of events) {
        if (handles.has(event.type)) await inEventContext(event, () => projection.handle(tem, event));
      }
      await saveCheckpoint(tem, projection.name, checkpointOf(events[events.length - 1]));
      return events.length < batchSize ? 'done' : 'more';
    });
  }

  private async reactBatch(reactor: Reactor, batchSize: number): Promise<BatchOutcome> {
    const em = this.orm.em.fork();
    const from = await loadCheckpoint(em, reactor.name, false);
    const events = await readEventsAfter(em, from, batchSize);
    if (events.length === 0) return 'done';
    const handles = new Set(reactor.handles);
    const relevant = events.filter((e) => handles.has(e.type));
    if (relevant.length > 0) {
      await inEventContext(relevant[0], () => reactor.handle(relevant));
    }
    await saveCheckpoint(em, reactor.name, checkpointOf(events[events.length - 1]));
    return events.length < batchSize ? 'done' : 'more';
  }

  /** Runs batches until the subscriber has caught up (or another holder of its lock is busy with it). */
  async catchUp(subscriber: EventSubscriber, batchSize: number, opts: { lockHeld?: boolean; shouldStop?: () => boolean } = {}) {
    let outcome: BatchOutcome = 'more';
    while (outcome === 'more' && !opts.shouldStop?.()) {
      outcome = await this.processBatch(subscriber, batchSize, opts);
    }
    return outcome;
  }

  get log() {
    return this.logger;
  }
}

async function tryLock(tem: EntityManager, name: string): Promise<boolean> {
  const [row] = await tem
    .getConnection()
    .execute<{ locked: boolean }[]>(
      'select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as locked',
      [subscriberLockKey(name)],
      'all',
      tem.getTransactionContext(),
    );
  return row.locked;
}

async function loadCheckpoint(em: EntityManager, name: string, forUpdate: boolean): Promise<Checkpoint> {
  const [row] = await em
    .getConnection()
    .execute<{ position: string }[]>(
      `select position::text from event_checkpoint where subscriber = ?${forUpdate ? ' for update' : ''}`,
      [name],
      'all',
      em.isInTransaction() ? em.getTransactionContext() : undefined,
    );
  return row ? { position: row.position } : ORIGIN;
}

async function saveCheckpoint(em: EntityManager, name: string, cp: Checkpoint): Promise<void> {
  await em
    .getConnection()
    .execute(
      `update event_checkpoint set position = ?::bigint, updated_at = now() where subscriber = ?`,
      [cp.position, name],
      'run',
      em.isInTransaction() ? em.getTransactionContext() : undefined,
    );
}

/** Events appended while handling an event are caused by it and share its correlation id. */
function inEventContext<T>(event: StoredEvent, fn: () => Promise<T>): Promise<T> {
  return requestContext.run(
    {
      requestId: event.metadata.correlationId,
      timeZone: 'UTC',
      principal: { kind: 'system', id: 'event-relay' },
      causationId: event.eventId,
    },
    fn,
  );
}
