import { Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StoredEvent } from '@sparkhouse/contracts';
import { requestContext } from '../context/request-context';
import { checkpointOf, heldBack, ORIGIN, readEventsAfter, type Checkpoint, type LoggedEvent } from './event-log-reader';
import { project, type EventSubscriber, type Projection, type Reactor } from './subscribers';

/**
 * done: caught up; more: a full batch, read on; busy: a rebuild holds the subscriber; held: caught up
 * to the horizon, but events committed after it wait for an older transaction still running (look again soon).
 */
export type BatchOutcome = 'done' | 'more' | 'busy' | 'held';

/** Channel on which every committed projection batch announces "<projection> <transaction id> <position>". */
export const CHECKPOINTS_CHANNEL = 'sparkhouse_checkpoints';

const HELD_WAIT_MS = 5000;
const HELD_RETRY_MS = 10;

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

  constructor(readonly orm: MikroORM) {}

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
        `insert into event_checkpoint (subscriber, kind, version, transaction_id, position, updated_at)
           values (?, 'projection', ?, '0', 0, now())
           on conflict (subscriber) do update
             set version = excluded.version, transaction_id = '0', position = 0, updated_at = now()`,
        [projection.name, projection.version],
        'run',
        tem.getTransactionContext(),
      );
      await tem
        .getConnection()
        .execute('select pg_notify(?, ?)', [CHECKPOINTS_CHANNEL, `${projection.name} 0 0`], 'run', tem.getTransactionContext());
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
      if (events.length > 0) {
        if (projection.handleBatch) {
          await inEventContext(events[0], () => project(tem, projection, events));
        } else {
          const handles = new Set(projection.handles);
          for (const event of events) {
            if (handles.has(event.type)) await inEventContext(event, () => projection.handle(tem, event));
          }
        }
        await saveCheckpoint(tem, projection.name, checkpointOf(events[events.length - 1]), true);
      }
      return outcomeOf(tem, events, batchSize, from);
    });
  }

  private async reactBatch(reactor: Reactor, batchSize: number): Promise<BatchOutcome> {
    const em = this.orm.em.fork();
    const from = await loadCheckpoint(em, reactor.name, false);
    const events = await readEventsAfter(em, from, batchSize);
    if (events.length > 0) {
      const handles = new Set(reactor.handles);
      const relevant = events.filter((e) => handles.has(e.type));
      if (relevant.length > 0) {
        await inEventContext(relevant[0], () => reactor.handle(relevant));
      }
      await saveCheckpoint(em, reactor.name, checkpointOf(events[events.length - 1]), false);
    }
    return outcomeOf(em, events, batchSize, from);
  }

  /**
   * Runs batches until the subscriber has caught up (or another holder of its lock is busy with it).
   * Events held back by an older transaction still running are waited for, up to `heldWaitMs`
   * (default 5 s): a transaction open longer than that answers 'held' and is caught up on later.
   */
  async catchUp(
    subscriber: EventSubscriber,
    batchSize: number,
    opts: { lockHeld?: boolean; shouldStop?: () => boolean; heldWaitMs?: number } = {},
  ) {
    const heldUntil = Date.now() + (opts.heldWaitMs ?? HELD_WAIT_MS);
    let outcome: BatchOutcome = 'more';
    while ((outcome === 'more' || (outcome === 'held' && Date.now() < heldUntil)) && !opts.shouldStop?.()) {
      if (outcome === 'held') await new Promise((resolve) => setTimeout(resolve, HELD_RETRY_MS));
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

async function outcomeOf(em: EntityManager, events: LoggedEvent[], batchSize: number, from: Checkpoint): Promise<BatchOutcome> {
  if (events.length >= batchSize) return 'more';
  return (await heldBack(em, events.length > 0 ? checkpointOf(events[events.length - 1]) : from)) ? 'held' : 'done';
}

async function loadCheckpoint(em: EntityManager, name: string, forUpdate: boolean): Promise<Checkpoint> {
  const [row] = await em
    .getConnection()
    .execute<{ transaction_id: string; position: string }[]>(
      `select transaction_id::text, position::text from event_checkpoint where subscriber = ?${forUpdate ? ' for update' : ''}`,
      [name],
      'all',
      em.isInTransaction() ? em.getTransactionContext() : undefined,
    );
  return row ? { transactionId: row.transaction_id, position: row.position } : ORIGIN;
}

/**
 * Saves the checkpoint (also used by the blue-green rebuild when it switches); a projection's is
 * announced to every API node when its transaction commits.
 */
export async function saveCheckpoint(em: EntityManager, name: string, cp: Checkpoint, announce = true): Promise<void> {
  await em.getConnection().execute(
    `with saved as (
       update event_checkpoint set transaction_id = ?::xid8, position = ?::bigint, updated_at = now()
        where subscriber = ? returning subscriber
     )
     select ${announce ? `pg_notify(?, ?)` : '1'} from saved`,
    [
      cp.transactionId,
      cp.position,
      name,
      ...(announce ? [CHECKPOINTS_CHANNEL, `${name} ${cp.transactionId} ${cp.position}`] : []),
    ],
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
