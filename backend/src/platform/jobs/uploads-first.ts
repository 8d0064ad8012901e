import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { QUEUES, type QueueName } from '@sparkhouse/contracts';
import type { Redis } from 'ioredis';
import { RedisConnections } from './redis-connections';

/**
 * Uploads first: while an API node is receiving uploads, the workers of the queues below hold off
 * taking new jobs, for a bounded time. Reading an upload (thumbnail, poster frame, decoder facts)
 * competes for the same cores as receiving the next ones, and the person watching progress bars is
 * waiting for the receiving; the reading of a burst of uploads starts once the burst is in.
 */
export const YIELDS_TO_UPLOADS: ReadonlySet<QueueName> = new Set([QUEUES.media]);

/** How long an API node's mark lives unless renewed: a node that dies while receiving stops holding workers back after this. */
export const RECEIVING_MARK_MS = 1_000;
const RENEW_EVERY_MS = 300;
/** The longest a worker holds off at a time; then it works at least `MIN_WORK_MS` before it may hold off again. */
export const MAX_YIELD_MS = 3_000;
export const MIN_WORK_MS = 2_000;
/** How often a yielding worker looks at the marks. */
export const POLL_MS = 200;

/** A sorted set: member = API node, score = until when (epoch ms) its mark holds. */
export const receivingKey = (prefix: string) => `${prefix}:uploads-receiving`;

/** API side: counts the uploads this process is receiving and keeps its mark in Redis while there are any. */
@Injectable()
export class UploadsInFlight implements BeforeApplicationShutdown {
  private readonly node = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private count = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly redis: RedisConnections) {}

  /** Marks one upload as being received; call the answer once it is stored or refused (more calls do nothing). */
  begin(): () => void {
    if (this.count++ === 0) this.marking();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.count === 0) void this.unmark();
    };
  }

  get receiving() {
    return this.count;
  }

  private marking() {
    if (this.closed) return;
    this.mark();
    this.timer = setInterval(() => this.mark(), RENEW_EVERY_MS);
    this.timer.unref();
  }

  private mark() {
    const key = receivingKey(this.redis.prefix);
    const now = Date.now();
    this.redis
      .shared()
      .multi()
      .zremrangebyscore(key, '-inf', now) // marks of nodes that went away
      .zadd(key, now + RECEIVING_MARK_MS, this.node)
      .pexpire(key, 60_000)
      .exec()
      .catch(() => undefined); // without Redis, workers simply do not hold off
  }

  private async unmark() {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    await this.redis
      .shared()
      .zrem(receivingKey(this.redis.prefix), this.node)
      .catch(() => undefined);
  }

  /** Takes the mark away while Redis is still open (uploads cut off by the shutdown end later, unmarked). */
  async beforeApplicationShutdown() {
    this.closed = true;
    await this.unmark();
  }
}

/** What the gate needs of a BullMQ worker. */
export interface PausableWorker {
  pause(doNotWaitActive?: boolean): Promise<void>;
  resume(): unknown;
}

/**
 * Worker side: pauses the worker (jobs it holds run on) while some API node is receiving uploads, at
 * most `MAX_YIELD_MS` at a time, so under a steady stream of uploads the work still gets done; it
 * resumes as soon as the uploads are in. A fetch the worker was already blocked in when it paused may
 * still take one job (BullMQ does not call it back). Redis errors count as "not receiving".
 */
export class UploadsFirstGate {
  private readonly logger = new Logger('UploadsFirst');
  private yieldingSince: number | null = null;
  /** After a hold-off that ran out its time, the worker works at least until then. */
  private mustWorkUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly worker: PausableWorker,
    private readonly redis: Pick<Redis, 'zcount'>,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  get yielding() {
    return this.yieldingSince !== null;
  }

  start() {
    const loop = () => {
      if (this.stopped) return;
      this.tick().finally(() => {
        if (!this.stopped) this.timer = setTimeout(loop, POLL_MS);
      });
    };
    loop();
  }

  /** One look at the marks (tests call it directly). */
  async tick() {
    const receiving = await this.someoneReceiving();
    if (this.stopped) return;
    const t = this.now();
    if (this.yieldingSince === null) {
      if (receiving && t >= this.mustWorkUntil) {
        this.yieldingSince = t;
        await this.worker.pause(true);
      }
    } else if (!receiving || t - this.yieldingSince >= MAX_YIELD_MS) {
      if (receiving) this.mustWorkUntil = t + MIN_WORK_MS;
      this.yieldingSince = null;
      await this.worker.resume();
    }
  }

  /** Stops looking (before the worker closes: resuming a closed BullMQ worker would start it again). */
  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async someoneReceiving(): Promise<boolean> {
    try {
      return (await this.redis.zcount(receivingKey(this.prefix), this.now(), '+inf')) > 0;
    } catch (err) {
      this.logger.debug({ err }, 'could not read the upload marks');
      return false;
    }
  }
}
