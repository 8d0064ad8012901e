import { postSigned } from './webhook-dispatcher';
import type { SqlRunner } from './pg-emulator-store';
import { toJson } from './stripe-objects';

export interface PgWebhookOutboxOptions {
  /** Runs `work` in one database transaction; the claimed row stays locked until it ends. */
  transaction: <T>(work: (sql: SqlRunner) => Promise<T>) => Promise<T>;
  /** Where to POST (resolved per attempt: the API's own port is known only once it listens). */
  url: () => string | null;
  secret: string;
  maxAttempts?: number;
  retryBaseMs?: number;
  timeoutMs?: number;
  /** Poll when nothing woke the loop (another node may have queued events). */
  pollMs?: number;
  onError?: (err: unknown) => void;
}

const LEADER_LOCK = 'sparkhouse:stripe-emulator-delivery';

/**
 * Delivers the emulator's events from the stripe_emulator_delivery table, in event order, one at a
 * time across the whole cluster: each pass holds a transaction-level advisory lock (the other API
 * nodes skip that pass) and the row lock of the event it sends, so no event goes out twice at once.
 * A failed attempt is retried with backoff (0.5 s, 1 s, 2 s …) and the events after it wait, like the
 * in-memory dispatcher; after `maxAttempts` it is marked failed and the next one goes.
 */
export class PgWebhookOutbox {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private stopped = true;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;

  constructor(private readonly options: PgWebhookOutboxOptions) {
    this.maxAttempts = options.maxAttempts ?? 8;
    this.retryBaseMs = options.retryBaseMs ?? 500;
  }

  start(): void {
    this.stopped = false;
    this.poke();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Something was queued: deliver soon. */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), 0);
    this.timer.unref();
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), Math.max(0, ms));
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    this.timer = null;
    if (this.running || this.stopped) return;
    this.running = true;
    let waitMs = this.options.pollMs ?? 1000;
    try {
      for (;;) {
        this.again = false;
        const outcome = await this.deliverNext();
        if (outcome === 'delivered') continue;
        if (typeof outcome === 'number') waitMs = Math.min(waitMs, outcome);
        if (!this.again) break;
      }
    } catch (err) {
      this.options.onError?.(err);
    } finally {
      this.running = false;
      this.schedule(waitMs);
    }
  }

  /** 'delivered' (or gave up) and more may wait; a number: ms until the head is due; 'idle': nothing to do. */
  private deliverNext(): Promise<'delivered' | 'idle' | number> {
    return this.options.transaction(async (sql) => {
      const [lock] = await sql<{ ok: boolean }>(`select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as ok`, [LEADER_LOCK]);
      if (!lock.ok) return 'idle';
      const [head] = await sql<{ seq: string; event_id: string; attempts: number; due_in_ms: number }>(
        `select seq::text, event_id, attempts, greatest(0, extract(epoch from next_attempt_at - now()) * 1000)::int as due_in_ms
           from stripe_emulator_delivery where status = 'pending' order by seq limit 1 for update skip locked`,
      );
      if (!head) return 'idle';
      if (head.due_in_ms > 0) return head.due_in_ms;
      const url = this.options.url();
      if (!url) return 1000;
      const [event] = await sql<{ data: Record<string, unknown> }>(
        `select data from stripe_emulator_object where kind = 'event' and id = ?`,
        [head.event_id],
      );
      const attempts = head.attempts + 1;
      let statusCode: number | null = null;
      let error: string | null = null;
      try {
        statusCode = await postSigned(
          url,
          toJson(event.data as never, true),
          this.options.secret,
          this.options.timeoutMs ?? 10_000,
        );
        if (statusCode < 200 || statusCode >= 300) error = `HTTP ${statusCode}`;
      } catch (err) {
        error = (err as Error).message;
      }
      const status = error === null ? 'delivered' : attempts >= this.maxAttempts ? 'failed' : 'pending';
      const delayMs = this.retryBaseMs * 2 ** (attempts - 1);
      await sql(
        `update stripe_emulator_delivery set attempts = ?, status = ?, last_status_code = ?, last_error = ?,
                delivered_at = case when ? = 'delivered' then now() else null end,
                next_attempt_at = now() + (? || ' milliseconds')::interval
          where seq = ?::bigint`,
        [attempts, status, statusCode, error, status, String(status === 'pending' ? delayMs : 0), head.seq],
      );
      return status === 'pending' ? delayMs : 'delivered';
    });
  }
}
