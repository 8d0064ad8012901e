import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { Client } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { AppendSignals } from './append-signals';
import { CheckpointFlusher, type SubscriberCursor } from './checkpoint-flusher';
import { checkpointOf, readableHead, readLogAfter, ORIGIN, type Checkpoint } from './event-log-reader';
import { EVENTS_CHANNEL } from './events-channel';
import { compareLogPositions } from './log-position';
import { LogTail } from './log-tail';
import { Rebuilder } from './rebuilder';
import { SubscriberRegistry } from './subscriber-registry';
import { wants, type EventSubscriber } from './subscribers';
import { SubscriptionProcessor } from './subscription-processor';

/** Session advisory lock: whoever holds it is the one active relay of the cluster. */
const RELAY_LOCK = 'sparkhouse:event-relay';
const MAX_RETRY_DELAY_MS = 30_000;
/** How soon the log is read again when committed events wait behind an older transaction still running... */
const HELD_BACK_RETRY_MS = 10;
/** ...for at most this long in a row; after that, at the poll interval until that transaction ends. */
const HELD_BACK_FAST_MS = 5000;
/** Newest events held in memory for the subscribers (a subscriber further behind reads the table). */
const TAIL_CAPACITY = 20_000;
/**
 * A woken subscriber waits this long before reading, so the commits of a busy moment are delivered
 * in one batch instead of one transaction per commit (a few ms of delivery latency for far less work).
 */
const COALESCE_MS = 15;
/** A wake-up this long after the last read finds the log quiet: nothing to coalesce with, read at once. */
const QUIET_MS = 20;

/** A wake-up that is never lost: a notify before the wait makes the next wait return at once. */
class Wakeup {
  private pending = false;
  private resolve: (() => void) | null = null;

  notify() {
    this.pending = true;
    this.resolve?.();
  }

  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.resolve = null;
        this.pending = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.resolve = done;
    });
  }
}

/**
 * Delivers committed events, in order and at least once, to every projection and reactor. One loop
 * reads the log (waking on NOTIFY from appends, polling as a fallback) into a tail held in memory;
 * each subscriber runs its own loop over that tail, so a slow projection never holds back the job
 * dispatcher, and the log is read once however many subscribers there are. A subscriber with nothing
 * to do in a batch (no event of a type it handles) only moves its cursor, and the moved cursors are
 * saved together (CheckpointFlusher); a projection applies its events and its checkpoint in one
 * transaction. Only the process holding the cluster lock delivers; the others stand by and take over
 * when its connection drops.
 */
@Injectable()
export class EventRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventRelay');
  private client: Client | null = null;
  private running = false;
  private leader = false;
  private readonly wakeups = new Map<string, Wakeup>();
  private readonly reader = new Wakeup();
  private readonly standby = new Wakeup();
  private supervisor: Promise<void> | null = null;
  private readonly flusher: CheckpointFlusher;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: SubscriberRegistry,
    private readonly processor: SubscriptionProcessor,
    private readonly rebuilder: Rebuilder,
    private readonly signals: AppendSignals,
  ) {
    this.flusher = new CheckpointFlusher(processor.orm);
    // events committed in this process: no need to wait for the notification to come back
    signals.onCommitted(() => this.wakeReader());
    signals.setDeliveredHere(() => this.leader);
  }

  onApplicationBootstrap() {
    if (this.config.RUN_PROJECTIONS) this.start();
  }

  async beforeApplicationShutdown() {
    await this.stop();
  }

  get isLeader() {
    return this.leader;
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.supervisor = this.supervise().catch((err) => this.logger.error({ err }, 'event relay stopped unexpectedly'));
  }

  async stop() {
    if (!this.running) return;
    this.running = false;
    this.nudge();
    await this.supervisor;
    this.supervisor = null;
  }

  /** Reads the log now instead of at the next poll (and wakes every subscriber). */
  nudge() {
    this.wakeReader();
    for (const w of this.wakeups.values()) w.notify();
  }

  /**
   * Events were committed: the reader reads them now and wakes the subscribers once they are in the
   * tail. Waking the subscribers here too would only have each of them find nothing new yet, once per
   * commit (dozens of subscribers, hundreds of commits a second under load).
   */
  private wakeReader() {
    this.standby.notify();
    this.reader.notify();
  }

  /** Connects, competes for leadership, and runs the reader and the subscriber loops while this process leads. */
  private async supervise() {
    while (this.running) {
      try {
        await this.connect();
        if (!(await this.tryBecomeLeader())) {
          await this.standby.wait(Math.max(this.config.EVENT_RELAY_POLL_MS, 1000));
          continue;
        }
        const subscribers = this.registry.all();
        const saved = await this.processor.savedCheckpoints(subscribers.map((s) => s.name));
        const cursors = new Map<string, SubscriberCursor>(
          subscribers.map((s) => {
            const at = saved.get(s.name) ?? ORIGIN;
            return [s.name, { name: s.name, kind: s.kind, at, saved: at, stale: false }];
          }),
        );
        // the tail starts at the log's readable head: subscribers behind it read the table until they reach it
        const tail = new LogTail((await readableHead(this.processor.orm.em.fork())) ?? ORIGIN, TAIL_CAPACITY);
        await Promise.all([
          this.readLoop(tail, cursors),
          ...subscribers.map((s) => this.deliverLoop(s, cursors.get(s.name)!, tail)),
        ]);
        // cursors moved before the end are saved now, so a restart does not deliver them again
        await this.flusher.flush();
        // leadership lost (connection dropped): start again from a clean connection
        if (this.running) await this.disconnect();
      } catch (err) {
        this.logger.error({ err }, 'event relay connection failed; retrying');
        await this.disconnect();
        await this.standby.wait(1000);
      }
    }
    await this.disconnect();
  }

  /** Reads newly committed events into the tail and wakes the subscribers; trims what all of them passed. */
  private async readLoop(tail: LogTail, cursors: Map<string, SubscriberCursor>) {
    const batchSize = this.config.EVENT_RELAY_BATCH_SIZE;
    let heldSince: number | null = null;
    let failures = 0;
    while (this.running && this.leader) {
      try {
        const em = this.processor.orm.em.fork();
        const { events, heldBack } = await readLogAfter(em, tail.end, batchSize);
        if (events.length > 0) {
          tail.append(events);
          for (const w of this.wakeups.values()) w.notify();
        }
        failures = 0;
        this.trim(tail, cursors);
        if (events.length >= batchSize) continue;
        const idleSince = performance.now();
        if (heldBack) {
          heldSince ??= Date.now();
          const fast = Date.now() - heldSince < HELD_BACK_FAST_MS;
          await this.reader.wait(fast ? HELD_BACK_RETRY_MS : this.config.EVENT_RELAY_POLL_MS);
        } else {
          heldSince = null;
          await this.reader.wait(this.config.EVENT_RELAY_POLL_MS);
        }
        // a busy moment's commits are read as one batch (also while older transactions hold some back:
        // every commit wakes the reader, and reading at the commit rate costs two queries a commit);
        // the first commit after a quiet spell is read at once
        if (performance.now() - idleSince < QUIET_MS) await new Promise((resolve) => setTimeout(resolve, COALESCE_MS));
      } catch (err) {
        failures += 1;
        this.logger.error({ err, failures }, 'reading the event log failed; will retry');
        await this.reader.wait(Math.min(MAX_RETRY_DELAY_MS, 250 * 2 ** failures));
      }
    }
  }

  /** Drops the events every subscriber has passed (a subscriber far behind reads the table anyway). */
  private trim(tail: LogTail, cursors: Map<string, SubscriberCursor>) {
    let slowest: Checkpoint | null = null;
    for (const c of cursors.values()) {
      if (!tail.covers(c.at)) continue;
      if (!slowest || compareLogPositions(c.at, slowest) < 0) slowest = c.at;
    }
    if (slowest) tail.trim(slowest);
  }

  private async deliverLoop(subscriber: EventSubscriber, cursor: SubscriberCursor, tail: LogTail) {
    const wakeup = new Wakeup();
    this.wakeups.set(subscriber.name, wakeup);
    let failures = 0;
    try {
      while (this.running && this.leader) {
        try {
          const outcome = await this.step(subscriber, cursor, tail);
          failures = 0;
          if (outcome === 'more') continue;
          await wakeup.wait(outcome === 'held' ? HELD_BACK_RETRY_MS : this.config.EVENT_RELAY_POLL_MS);
        } catch (err) {
          // this subscriber retries with backoff; the others go on
          failures += 1;
          this.logger.error({ err, subscriber: subscriber.name, failures }, 'subscriber failed; will retry');
          await wakeup.wait(Math.min(MAX_RETRY_DELAY_MS, 250 * 2 ** failures));
        }
      }
    } finally {
      this.wakeups.delete(subscriber.name);
    }
  }

  /**
   * Moves one subscriber forward by a batch: from the tail when it holds the subscriber's next events,
   * else from the table. A batch without an event the subscriber handles only moves its cursor.
   */
  private async step(
    subscriber: EventSubscriber,
    cursor: SubscriberCursor,
    tail: LogTail,
  ): Promise<'more' | 'done' | 'busy' | 'held'> {
    const batchSize = this.config.EVENT_RELAY_BATCH_SIZE;
    if (cursor.stale) await this.reload(cursor);
    const batch = tail.after(cursor.at, batchSize);
    if (batch === null) {
      // behind the tail: a batch from the table, saved with its checkpoint
      const { outcome, checkpoint } = await this.processor.deliverBatch(subscriber, batchSize);
      if (checkpoint) this.advance(cursor, checkpoint, true);
      return outcome;
    }
    if (batch.length === 0) return 'done';
    const next = batch.length >= batchSize ? 'more' : 'done';
    const last = checkpointOf(batch[batch.length - 1]);
    const handles = new Set(subscriber.handles);
    if (!batch.some((e) => wants(subscriber, e, handles))) {
      this.advance(cursor, last, false);
      return next;
    }
    if (subscriber.kind === 'projection') {
      const { outcome, checkpoint } = await this.processor.projectBatch(subscriber, batchSize, { tail });
      if (outcome === 'busy' || !checkpoint) return 'busy';
      this.advance(cursor, checkpoint, true);
      return outcome === 'more' || compareLogPositions(cursor.at, last) < 0 ? 'more' : 'done';
    }
    // a reactor: side effects first, then the checkpoint (at least once; saved with the next flush)
    await this.processor.react(subscriber, batch);
    this.advance(cursor, last, false);
    return next;
  }

  /** The cursor moves on: `saved` when the checkpoint was saved with the batch, else saved by the flusher. */
  private advance(cursor: SubscriberCursor, to: Checkpoint, saved: boolean) {
    if (saved) cursor.saved = to;
    if (compareLogPositions(to, cursor.at) > 0) cursor.at = to;
    if (compareLogPositions(cursor.at, cursor.saved) > 0) this.flusher.moved(cursor);
  }

  /** A checkpoint moved by someone else (a rebuild's switch): take it as saved, and as reached if it is ahead. */
  private async reload(cursor: SubscriberCursor) {
    const saved = (await this.processor.savedCheckpoints([cursor.name])).get(cursor.name) ?? ORIGIN;
    cursor.saved = saved;
    cursor.stale = false;
    if (compareLogPositions(saved, cursor.at) > 0) cursor.at = saved;
    else if (compareLogPositions(cursor.at, saved) > 0) this.flusher.moved(cursor);
  }

  private async connect() {
    if (this.client) return;
    const client = new Client({ connectionString: this.config.DATABASE_URL, application_name: 'sparkhouse-event-relay' });
    client.on('notification', () => this.wakeReader());
    client.on('error', (err) => {
      this.logger.warn({ err }, 'relay connection lost');
      if (this.client === client) {
        this.client = null;
        this.leader = false;
      }
      this.nudge();
    });
    await client.connect();
    await client.query(`listen ${EVENTS_CHANNEL}`);
    this.client = client;
  }

  private async tryBecomeLeader(): Promise<boolean> {
    if (!this.client) return false;
    if (this.leader) return true;
    const { rows } = await this.client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
      [RELAY_LOCK],
    );
    if (!rows[0].locked) return false;
    this.leader = true;
    this.logger.log('this process now delivers events to projections and reactors');
    for (const s of this.registry.all()) {
      const { version } = await this.processor.ensureCheckpoint(s);
      if (s.kind === 'projection' && version !== s.version) {
        this.logger.log(`projection ${s.name} changed (v${version} -> v${s.version}): rebuilding`);
        await this.rebuilder.rebuild(s);
      }
    }
    return true;
  }

  private async disconnect() {
    const client = this.client;
    this.client = null;
    this.leader = false;
    if (!client) return;
    try {
      await client.query('select pg_advisory_unlock_all()');
    } catch {
      // the lock goes with the session anyway
    }
    await client.end().catch(() => undefined);
  }
}
