import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import type Stripe from 'stripe';
import { rows, run } from '../../../platform/database/sql';
import { ProcessStripeEvent, RetryLater, type ProcessOutcome } from '../commands/process-stripe-event.command';
import { GroupCommit } from '../infra/group-commit';
import { WebhookDeliveryLog } from '../infra/webhook-deliveries';
import { WebhookTraffic } from '../infra/webhook-traffic';

/** How often every API process looks for events due (a retry's time came, or a crashed process left them). */
export const INBOX_SWEEP_MS = 1000;
/** Events one process works on at once. */
const BATCH = 4;
/**
 * Applying waits for a lull in deliveries this long (none answered or arriving), so the answers go
 * first; under a steady stream it waits no longer than DEFER_TO_DELIVERIES_MS for one.
 */
export const DELIVERY_LULL_MS = 25;
export const DEFER_TO_DELIVERIES_MS = 500;
/** A claimed event not finished in this time is taken up again by any process (the claimer died). */
const CLAIM_SECONDS = 120;
/** Attempts before an event is given up as failed (shown in the operations console's webhooks page). */
export const MAX_ATTEMPTS = 12;

/** The wait before attempt `n + 1`: 1 s, 2 s, 4 s … at most 5 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(1000 * 2 ** Math.max(attempts - 1, 0), 5 * 60_000);

interface InboxRow {
  event_id: string;
  payload: Stripe.Event;
  attempts: number;
}

/** A verified delivery: the event's id and the body Stripe signed (the event as JSON). */
interface Received {
  eventId: string;
  body: string;
}

export type Reception = 'accepted' | 'duplicate';

/**
 * The Stripe webhook's inbox: a verified event is stored (once per event id) and acknowledged at once,
 * then applied by ProcessStripeEvent here, in the background, in the order received — so Stripe is
 * answered in milliseconds whatever applying costs, and an event that cannot be applied yet (RetryLater)
 * or fails is tried again with backoff by us instead of by Stripe. Deliveries arriving together are
 * stored by one statement (a group commit: each is answered once the commit that holds it returned),
 * and applying lets the answers go first (WebhookTraffic). Any API process may apply any event:
 * claims are rows locked with SKIP LOCKED and leased for CLAIM_SECONDS, so a process that dies mid-way
 * leaves its events to the others. Applying is idempotent (the event id is recorded with its facts), so
 * an event applied twice after a crash still has one effect.
 */
@Injectable()
export class WebhookInbox implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('WebhookInbox');
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly receiving = new GroupCommit<Received, Reception | Error>((batch) => this.store(batch));

  constructor(
    private readonly orm: Database,
    private readonly commands: CommandBus,
    private readonly deliveries: WebhookDeliveryLog,
    private readonly traffic: WebhookTraffic,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => this.kick(), INBOX_SWEEP_MS);
    this.timer.unref();
    this.kick();
  }

  async beforeApplicationShutdown() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.receiving.flushed();
    await this.draining;
  }

  /**
   * Stores a verified event, `body` being the JSON Stripe signed; answers once it is committed,
   * 'duplicate' when this event id was received before (nothing changes).
   */
  async accept(event: Stripe.Event, body: string): Promise<Reception> {
    const received = await this.receiving.submit({ eventId: event.id, body });
    if (received instanceof Error) throw received;
    if (received === 'accepted') this.kick();
    return received;
  }

  /**
   * One statement for the deliveries that arrived together. Copies of an event within the batch are
   * duplicates of its first; if the statement fails, each event is stored on its own, so one event the
   * database refuses cannot fail the others.
   */
  private async store(batch: Received[]): Promise<(Reception | Error)[]> {
    const firsts = new Map<string, Received>();
    for (const r of batch) if (!firsts.has(r.eventId)) firsts.set(r.eventId, r);
    const outcome = new Map<string, Reception | Error>();
    try {
      const stored = await this.insert([...firsts.values()]);
      for (const id of firsts.keys()) outcome.set(id, stored.has(id) ? 'accepted' : 'duplicate');
    } catch (err) {
      if (firsts.size === 1) throw err;
      for (const r of firsts.values()) {
        outcome.set(
          r.eventId,
          await this.insert([r]).then(
            (stored) => (stored.has(r.eventId) ? 'accepted' : 'duplicate'),
            (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
          ),
        );
      }
    }
    return batch.map((r) => {
      const o = outcome.get(r.eventId)!;
      return o instanceof Error || firsts.get(r.eventId) === r ? o : 'duplicate';
    });
  }

  /** The ids of the events that were new (the others were received before). */
  private async insert(events: Received[]): Promise<Set<string>> {
    // the signed bodies as one JSON array, in arrival order (received_seq follows it)
    const stored = await rows<{ event_id: string }>(
      this.orm.em.fork(),
      `insert into commerce_webhook_inbox (event_id, type, payload)
       select e->>'id', e->>'type', e from jsonb_array_elements(?::jsonb) with ordinality as r(e, n) order by n
       on conflict (event_id) do nothing returning event_id`,
      [`[${events.map((e) => e.body).join(',')}]`],
    );
    return new Set(stored.map((r) => r.event_id));
  }

  /** Applies what is due, now or right after the drain under way (never two drains at once in a process). */
  kick(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((err: unknown) => this.log.error(`the webhook inbox could not be read: ${(err as Error).message}`))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      // the answers to deliveries arriving now go first: they are what Stripe waits for
      await this.traffic.lull(DELIVERY_LULL_MS, DEFER_TO_DELIVERIES_MS);
      if (this.stopped) return;
      const claimed = await this.claim();
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((row) => this.apply(row)));
    }
  }

  private claim(): Promise<InboxRow[]> {
    return rows<InboxRow>(
      this.orm.em.fork(),
      `update commerce_webhook_inbox set claimed_until = now() + make_interval(secs => ?), attempts = attempts + 1
       where event_id in (
         select event_id from commerce_webhook_inbox
         where settled_at is null and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
         order by received_seq limit ? for update skip locked)
       returning event_id, payload, attempts`,
      [CLAIM_SECONDS, BATCH],
    );
  }

  private async apply(row: InboxRow): Promise<void> {
    const em = this.orm.em.fork();
    try {
      const outcome: ProcessOutcome = await this.commands.execute(new ProcessStripeEvent(row.payload));
      await run(
        em,
        `update commerce_webhook_inbox set settled_at = now(), outcome = ?, claimed_until = null, last_error = null
         where event_id = ?`,
        [outcome, row.event_id],
      );
      await this.deliveries.settle(row.event_id, outcome, null);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = row.attempts >= MAX_ATTEMPTS;
      const outcome = final ? 'failed' : err instanceof RetryLater ? 'retry-later' : 'retrying';
      if (!(err instanceof RetryLater)) this.log.error(`webhook ${row.event_id} failed (attempt ${row.attempts}): ${message}`);
      await run(
        em,
        `update commerce_webhook_inbox set claimed_until = null, last_error = ?, outcome = ?,
           next_attempt_at = now() + make_interval(secs => ?), settled_at = case when ? then now() end
         where event_id = ?`,
        [message.slice(0, 500), outcome, retryDelayMs(row.attempts) / 1000, final, row.event_id],
      ).catch((e: unknown) =>
        this.log.error(`webhook ${row.event_id}: its attempt could not be recorded: ${(e as Error).message}`),
      );
      await this.deliveries.settle(row.event_id, outcome, message);
    }
  }
}
