import { Inject, Injectable } from '@nestjs/common';
import { Database, type Db } from '../database/database';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { rows } from '../database/sql';
import { PgListener } from '../database/pg-listener';
import { compareLogPositions, type LogPosition } from './log-position';
import { SubscriberRegistry } from './subscriber-registry';
import { CHECKPOINTS_CHANNEL } from './subscription-processor';

/**
 * Read models trail the event log by a moment. A read that must show the caller's own latest change
 * (or a push that must not beat the read model its page re-reads) waits for it here — briefly, and never
 * past its deadline: a stalled relay makes the answer older, never the request endless.
 */

/** Re-runs `read` (10 ms, doubling to 100 ms apart) until `done` says its value is fresh enough or
 * `timeoutMs` has passed; answers the last value read. */
export async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let wait = 10;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(wait * 2, 100);
  }
}

/** The position of the newest event committed so far ('0' for an empty log). */
export async function logHead(em: Db): Promise<string> {
  const [head] = await rows<{ p: string }>(
    em,
    'select position::text as p from domain_event order by transaction_id desc, position desc limit 1',
  );
  return head?.p ?? '0';
}

/**
 * Waits until every named subscriber has applied the log up to the event at `position` (or the
 * deadline passes). Delivery follows (transaction id, position), so the event's transaction id is
 * looked up with it; a position no event has counts as reached.
 */
export async function subscribersReached(
  em: Db,
  subscribers: readonly string[],
  position: string | number,
  timeoutMs: number,
): Promise<void> {
  await readUntil(
    async () => {
      const names = `{${subscribers.join(',')}}`;
      const [{ reached }] = await rows<{ reached: boolean }>(
        em,
        `select not exists (select 1 from domain_event where position = ?::bigint)
                or (select count(*) from event_checkpoint c join domain_event e on e.position = ?::bigint
                     where c.subscriber = any(?::text[])
                       and (c.transaction_id, c.position) >= (e.transaction_id, e.position)) = cardinality(?::text[]) as reached`,
        [String(position), String(position), names, names],
      );
      return reached;
    },
    (reached) => reached,
    timeoutMs,
  );
}

interface CheckpointRow {
  subscriber: string;
  transaction_id: string;
  position: string;
}

/**
 * What every projection has reached, as this API node knows it: loaded from event_checkpoint and kept
 * current by the relay's announcements (one per committed batch, on every node), so a caller's read
 * after its own write usually costs no query at all.
 */
@Injectable()
export class ProjectionWatermark {
  private readonly reached = new Map<string, LogPosition>();
  private loaded = false;
  private listening = false;
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly orm: Database,
    private readonly listener: PgListener,
    private readonly registry: SubscriberRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Listens for the relay's announcements from the first read that needs them (workers never do). */
  private startListening() {
    if (this.listening) return;
    this.listening = true;
    this.listener.onReset(() => {
      // announcements may have been missed: read the table again before trusting the map
      this.loaded = false;
    });
    this.listener
      .listen(CHECKPOINTS_CHANNEL, (payload) => this.announced(payload))
      .catch(() => {
        this.listening = false;
      });
  }

  /**
   * Waits until every projection has applied the log up to `at`, at most `timeoutMs` (default
   * READ_YOUR_WRITES_WAIT_MS). Answers whether it got there. A position that names no committed event
   * (a rolled-back write, a made-up token) has nothing to wait for.
   */
  async waitFor(at: LogPosition, timeoutMs = this.config.READ_YOUR_WRITES_WAIT_MS): Promise<boolean> {
    if (this.loaded && this.listener.listening && this.allReach(at)) return true;
    this.startListening();
    const deadline = Date.now() + timeoutMs;
    await this.load();
    if (this.allReach(at)) return true;
    if (!(await this.exists(at))) return true;
    while (Date.now() < deadline) {
      await this.nextAnnouncement(Math.min(100, deadline - Date.now()));
      // without a live listening connection announcements cannot be trusted to arrive: poll the table
      if (!this.loaded || !this.listener.listening) await this.load();
      if (this.allReach(at)) return true;
    }
    return false;
  }

  private allReach(at: LogPosition): boolean {
    const names = this.registry.projections().map((p) => p.name);
    let known = 0;
    for (const name of names) {
      const cp = this.reached.get(name);
      if (!cp) continue; // not started by the relay yet
      known++;
      if (compareLogPositions(cp, at) < 0) return false;
    }
    return known > 0 || names.length === 0;
  }

  /** "<projection> <transaction id> <position>", one line per projection (the relay saves several at once). */
  private announced(payload: string) {
    for (const line of payload.split('\n')) {
      const [name, transactionId, position] = line.split(' ');
      if (name && transactionId && position) this.reached.set(name, { transactionId, position });
    }
    for (const w of this.waiters) w();
  }

  private nextAnnouncement(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(1, ms));
      this.waiters.add(done);
    });
  }

  private async load() {
    const found = await rows<CheckpointRow>(
      this.orm.em.fork(),
      `select subscriber, transaction_id::text, position::text from event_checkpoint where kind = 'projection'`,
    );
    for (const r of found) {
      const mine = this.reached.get(r.subscriber);
      const cp = { transactionId: r.transaction_id, position: r.position };
      // an announcement may be newer than the row read; a rewind (a rebuild) is taken as read
      if (!mine || !this.loaded || compareLogPositions(cp, mine) > 0) this.reached.set(r.subscriber, cp);
    }
    this.loaded = this.listener.listening;
  }

  private async exists(at: LogPosition): Promise<boolean> {
    const found = await rows(
      this.orm.em.fork(),
      'select 1 from domain_event where position = ?::bigint and transaction_id = ?::xid8',
      [at.position, at.transactionId],
    );
    return found.length > 0;
  }
}
