import { Injectable, Logger } from '@nestjs/common';
import { Database } from '../database/database';
import type { Db } from '../database/database';
import type { StoredEvent } from '@sparkhouse/contracts';
import { requestContext } from '../context/request-context';
import { textArray } from '../database/sql';
import { checkpointOf, heldBack, ORIGIN, readEventsAfter, type Checkpoint, type LoggedEvent } from './event-log-reader';
import type { LogTail } from './log-tail';
import { project, wants, type EventSubscriber, type Projection, type Reactor } from './subscribers';

/**
 * done: caught up; more: a full batch, read on; busy: a rebuild holds the subscriber; held: caught up
 * to the horizon, but events committed after it wait for an older transaction still running (look again soon).
 */
export type BatchOutcome = 'done' | 'more' | 'busy' | 'held';

/** A batch's outcome and where the subscriber's checkpoint stands after it (unknown when busy). */
export interface BatchResult {
  outcome: BatchOutcome;
  checkpoint: Checkpoint | null;
}

/**
 * Channel on which projections' saved checkpoints are announced to every API node: one line
 * "<projection> <transaction id> <position>" per projection (a batch announces its own; the relay's
 * checkpoint flusher announces several in one notification).
 */
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

  constructor(readonly orm: Database) {}

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
    return (await this.deliverBatch(subscriber, batchSize, opts)).outcome;
  }

  /** One batch read from the table after the subscriber's saved checkpoint; answers where it stands after it. */
  deliverBatch(subscriber: EventSubscriber, batchSize: number, opts: { lockHeld?: boolean } = {}): Promise<BatchResult> {
    return subscriber.kind === 'projection'
      ? this.projectBatch(subscriber, batchSize, { lockHeld: opts.lockHeld ?? false })
      : this.reactBatch(subscriber, batchSize);
  }

  /**
   * One batch of a projection in its transaction: under its lock (a rebuild holding it answers 'busy'),
   * from its saved checkpoint, the events taken from `tail` when it holds them (the relay's copy of the
   * log's newest events) or else read from the table; applied, and the checkpoint saved and announced.
   */
  projectBatch(
    projection: Projection,
    batchSize: number,
    opts: { lockHeld?: boolean; tail?: LogTail } = {},
  ): Promise<BatchResult> {
    return this.orm.em.fork().transactional(async (tem): Promise<BatchResult> => {
      const from = await lockCheckpoint(tem, projection.name, !opts.lockHeld);
      if (!from) return { outcome: 'busy', checkpoint: null };
      const events = opts.tail?.after(from, batchSize) ?? (await readEventsAfter(tem, from, batchSize));
      if (events.length === 0) {
        return { outcome: opts.tail?.covers(from) ? 'done' : await outcomeOf(tem, events, batchSize, from), checkpoint: from };
      }
      if (projection.handleBatch) {
        await inEventContext(events[0], () => project(tem, projection, events));
      } else {
        const handles = new Set(projection.handles);
        for (const event of events) {
          if (wants(projection, event, handles)) await inEventContext(event, () => projection.handle(tem, event));
        }
      }
      const last = checkpointOf(events[events.length - 1]);
      await saveCheckpoint(tem, projection.name, last, true);
      return {
        outcome:
          events.length >= batchSize ? 'more' : opts.tail?.covers(from) ? 'done' : await outcomeOf(tem, events, batchSize, from),
        checkpoint: last,
      };
    });
  }

  private async reactBatch(reactor: Reactor, batchSize: number): Promise<BatchResult> {
    const em = this.orm.em.fork();
    const from = await loadCheckpoint(em, reactor.name, false);
    const events = await readEventsAfter(em, from, batchSize);
    if (events.length === 0) return { outcome: await outcomeOf(em, events, batchSize, from), checkpoint: from };
    await this.react(reactor, events);
    const last = checkpointOf(events[events.length - 1]);
    await saveCheckpoint(em, reactor.name, last, false);
    return { outcome: await outcomeOf(em, events, batchSize, from), checkpoint: last };
  }

  /** Runs a reactor's side effects for the events of a batch it handles (none: nothing to do). */
  async react(reactor: Reactor, events: readonly LoggedEvent[]): Promise<void> {
    const handles = new Set(reactor.handles);
    const relevant = events.filter((e) => wants(reactor, e, handles));
    if (relevant.length > 0) await inEventContext(relevant[0], () => reactor.handle(relevant));
  }

  /** Where each subscriber's checkpoint is saved (origin for one without a row). */
  async savedCheckpoints(names: readonly string[]): Promise<Map<string, Checkpoint>> {
    const found = await this.orm.em
      .fork()
      .getConnection()
      .execute<{ subscriber: string; transaction_id: string; position: string }[]>(
        'select subscriber, transaction_id::text, position::text from event_checkpoint where subscriber = any(?::text[])',
        [textArray(names)],
      );
    const out = new Map<string, Checkpoint>(names.map((n) => [n, ORIGIN]));
    for (const r of found) out.set(r.subscriber, { transactionId: r.transaction_id, position: r.position });
    return out;
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

/**
 * A projection's saved checkpoint, its row locked for the transaction, and (with `tryLock`) its
 * advisory lock taken in the same statement; null when a rebuild holds that lock.
 */
async function lockCheckpoint(tem: Db, name: string, tryLock: boolean): Promise<Checkpoint | null> {
  const lockKey = subscriberLockKey(name);
  const [row] = await tem.getConnection().execute<{ locked: boolean; transaction_id: string; position: string }[]>(
    `select ${tryLock ? 'pg_try_advisory_xact_lock(hashtextextended(?, 0))' : 'true'} as locked, transaction_id::text, position::text
         from event_checkpoint where subscriber = ? for update`,
    tryLock ? [lockKey, name] : [name],
    'all',
    tem.getTransactionContext(),
  );
  if (!row) {
    // no checkpoint row yet: from the start, still under the lock
    if (!tryLock) return ORIGIN;
    const [l] = await tem
      .getConnection()
      .execute<{ locked: boolean }[]>(
        'select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as locked',
        [lockKey],
        'all',
        tem.getTransactionContext(),
      );
    return l.locked ? ORIGIN : null;
  }
  return row.locked ? { transactionId: row.transaction_id, position: row.position } : null;
}

async function outcomeOf(em: Db, events: LoggedEvent[], batchSize: number, from: Checkpoint): Promise<BatchOutcome> {
  if (events.length >= batchSize) return 'more';
  return (await heldBack(em, events.length > 0 ? checkpointOf(events[events.length - 1]) : from)) ? 'held' : 'done';
}

async function loadCheckpoint(em: Db, name: string, forUpdate: boolean): Promise<Checkpoint> {
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
export async function saveCheckpoint(em: Db, name: string, cp: Checkpoint, announce = true): Promise<void> {
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
