import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { Client } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { AppendSignals } from './append-signals';
import { EVENTS_CHANNEL } from './event-store';
import { Rebuilder } from './rebuilder';
import { SubscriberRegistry } from './subscriber-registry';
import type { EventSubscriber } from './subscribers';
import { SubscriptionProcessor } from './subscription-processor';

/** Session advisory lock: whoever holds it is the one active relay of the cluster. */
const RELAY_LOCK = 'sparkhouse:event-relay';
const MAX_RETRY_DELAY_MS = 30_000;
/** How soon a subscriber looks again when committed events wait behind an older transaction still running. */
const HELD_BACK_RETRY_MS = 10;
/**
 * A woken subscriber waits this long before reading, so the commits of a busy moment are delivered
 * in one batch instead of one transaction per commit (a few ms of delivery latency for far less work).
 */
const COALESCE_MS = 5;

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
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.resolve = null;
        self.pending = false;
        resolve();
      }
      this.resolve = done;
    });
  }
}

/**
 * Delivers committed events, in order and at least once, to every projection and reactor. Each
 * subscriber runs its own loop, so a slow projection never holds back the job dispatcher. Loops wake
 * on NOTIFY from appends and poll as a fallback. Only the process holding the cluster lock
 * delivers; the others stand by and take over when its connection drops.
 */
@Injectable()
export class EventRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventRelay');
  private client: Client | null = null;
  private running = false;
  private leader = false;
  private readonly wakeups = new Map<string, Wakeup>();
  private readonly standby = new Wakeup();
  private supervisor: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: SubscriberRegistry,
    private readonly processor: SubscriptionProcessor,
    private readonly rebuilder: Rebuilder,
    private readonly signals: AppendSignals,
  ) {
    // events committed in this process: no need to wait for the notification to come back
    signals.onCommitted(() => this.nudge());
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

  /** Wakes every subscriber loop now instead of at the next poll. */
  nudge() {
    this.standby.notify();
    for (const w of this.wakeups.values()) w.notify();
  }

  /** Connects, competes for leadership, and runs the subscriber loops while this process leads. */
  private async supervise() {
    while (this.running) {
      try {
        await this.connect();
        if (!(await this.tryBecomeLeader())) {
          await this.standby.wait(Math.max(this.config.EVENT_RELAY_POLL_MS, 1000));
          continue;
        }
        await Promise.all(this.registry.all().map((s) => this.deliverLoop(s)));
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

  private async deliverLoop(subscriber: EventSubscriber) {
    const wakeup = new Wakeup();
    this.wakeups.set(subscriber.name, wakeup);
    let failures = 0;
    try {
      while (this.running && this.leader) {
        try {
          const outcome = await this.processor.catchUp(subscriber, this.config.EVENT_RELAY_BATCH_SIZE, {
            shouldStop: () => !this.running || !this.leader,
          });
          failures = 0;
          await wakeup.wait(outcome === 'held' ? HELD_BACK_RETRY_MS : this.config.EVENT_RELAY_POLL_MS);
          await new Promise((resolve) => setTimeout(resolve, COALESCE_MS));
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

  private async connect() {
    if (this.client) return;
    const client = new Client({ connectionString: this.config.DATABASE_URL, application_name: 'sparkhouse-event-relay' });
    client.on('notification', () => this.nudge());
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
