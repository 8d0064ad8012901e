import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { EVENTS_CHANNEL } from './event-store';
import { SubscriberRegistry } from './subscriber-registry';
import { SubscriptionProcessor } from './subscription-processor';
import { Rebuilder } from './rebuilder';

/** Session advisory lock: whoever holds it is the one active relay of the cluster. */
const RELAY_LOCK = 'sparkhouse:event-relay';

/**
 * Delivers committed events, in order and at least once, to every projection and reactor.
 * Wakes on NOTIFY from appends and polls as a fallback. Only the process holding the cluster lock
 * delivers; the others stand by and take over when its connection drops.
 */
@Injectable()
export class EventRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventRelay');
  private client: Client | null = null;
  private running = false;
  private leader = false;
  private wake: (() => void) | null = null;
  private pending = false;
  private loop: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: SubscriberRegistry,
    private readonly processor: SubscriptionProcessor,
    private readonly rebuilder: Rebuilder,
  ) {}

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
    this.loop = this.run().catch((err) => this.logger.error({ err }, 'event relay stopped unexpectedly'));
  }

  async stop() {
    if (!this.running) return;
    this.running = false;
    this.nudge();
    await this.loop;
    this.loop = null;
  }

  /** Wakes the relay now instead of at the next poll. */
  nudge() {
    this.pending = true;
    this.wake?.();
  }

  private async run() {
    while (this.running) {
      try {
        await this.connect();
        if (!this.leader) {
          await this.sleep(Math.max(this.config.EVENT_RELAY_POLL_MS, 1000));
          await this.tryBecomeLeader();
          continue;
        }
        await this.deliverAll();
        if (!this.pending) await this.sleep(this.config.EVENT_RELAY_POLL_MS);
      } catch (err) {
        this.logger.error({ err }, 'event delivery failed; retrying');
        await this.disconnect();
        await this.sleep(1000);
      }
    }
    await this.disconnect();
  }

  private async connect() {
    if (this.client) return;
    const client = new Client({ connectionString: this.config.DATABASE_URL, application_name: 'sparkhouse-event-relay' });
    client.on('notification', () => this.nudge());
    client.on('error', (err) => {
      this.logger.warn({ err }, 'relay connection lost');
      this.client = null;
      this.leader = false;
      this.nudge();
    });
    await client.connect();
    await client.query(`listen ${EVENTS_CHANNEL}`);
    this.client = client;
    await this.tryBecomeLeader();
  }

  private async tryBecomeLeader() {
    if (!this.client || this.leader) return;
    const { rows } = await this.client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
      [RELAY_LOCK],
    );
    if (!rows[0].locked) return;
    this.leader = true;
    this.logger.log('this process now delivers events to projections and reactors');
    for (const s of this.registry.all()) {
      const { version } = await this.processor.ensureCheckpoint(s);
      if (s.kind === 'projection' && version !== s.version) {
        this.logger.log(`projection ${s.name} changed (v${version} -> v${s.version}): rebuilding`);
        await this.rebuilder.rebuild(s);
      }
    }
    this.nudge();
  }

  private async deliverAll() {
    this.pending = false;
    for (const s of this.registry.all()) {
      if (!this.running) return;
      try {
        await this.processor.catchUp(s, this.config.EVENT_RELAY_BATCH_SIZE, { shouldStop: () => !this.running });
      } catch (err) {
        // one failing subscriber must not hold back the others; it retries on the next round
        this.logger.error({ err, subscriber: s.name }, 'subscriber failed; will retry');
      }
    }
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
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
