import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { CheckoutSessionStarted, type PayloadOf } from '@sparkhouse/contracts';
import { Database, type Db } from '../../../platform/database/database';
import { rows, run } from '../../../platform/database/sql';
import { EventStore } from '../../../platform/events/event-store';
import { conflict } from '../../../platform/http/errors';
import { providerFailed, StripeSupport } from './stripe-support';
import { streams } from './streams';

/** A claim still without a session after this long was abandoned (its request died): another may take it over. */
export const CLAIM_TIMEOUT_MS = 30_000;
/** A session closer than this to its expiry is not handed out again: the buyer needs time to pay. */
const MIN_TIME_LEFT_SECONDS = 10 * 60;
/** How often a request waiting for another one's session looks again. */
const WAIT_STEP_MS = 50;

export interface OpenCheckout {
  sessionId: string;
  url: string;
}

/** Everything a purchase's card checkout session charges and records: equal keys can share one session. */
export interface CheckoutKeyParts {
  /** Every product asked for (free, credit and owned ones too): a reuse must not skip a grant. */
  productIds: readonly string[];
  lines: readonly { productId: string; priceInCents: number }[];
  currency: string;
  successUrl: string;
  cancelUrl: string;
  discountCode: string | null;
  attribution: Record<string, string>;
}

const sortedEntries = (o: Record<string, string>) => Object.entries(o).sort(([a], [b]) => a.localeCompare(b));

/** The request's key (the order of products and of attribution fields does not matter). */
export function checkoutKey(parts: CheckoutKeyParts): string {
  const canonical = JSON.stringify([
    [...new Set(parts.productIds)].sort(),
    [...parts.lines].map((l) => [l.productId, l.priceInCents]).sort(([a], [b]) => String(a).localeCompare(String(b))),
    parts.currency.toLowerCase(),
    parts.successUrl,
    parts.cancelUrl,
    parts.discountCode,
    sortedEntries(parts.attribution),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** Everything a subscription checkout session charges and records: equal keys can share one session. */
export interface SubscriptionCheckoutKeyParts {
  storefrontSlug: string;
  appSlug: string;
  priceOptionId: string;
  /** The Stripe price the option charges now (a repriced option is another checkout). */
  priceId: string;
  /** A session made with a free trial is not handed to a buyer who no longer gets one. */
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
  /** The session's metadata as sent (the creator platform's tier is in it). */
  metadata: Record<string, string>;
  /** What the session writes onto the subscription (plan name, credit per period ...). */
  subscriptionMetadata: Record<string, string>;
}

/** A subscription request's key; tagged, so it never equals a purchase's key (they share the claims table). */
export function subscriptionCheckoutKey(parts: SubscriptionCheckoutKeyParts): string {
  const canonical = JSON.stringify([
    'subscription',
    parts.storefrontSlug,
    parts.appSlug,
    parts.priceOptionId,
    parts.priceId,
    parts.trialDays,
    parts.successUrl,
    parts.cancelUrl,
    sortedEntries(parts.metadata),
    sortedEntries(parts.subscriptionMetadata),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

interface ClaimRow {
  claim_id: string;
  session_id: string | null;
  url: string | null;
  /** The session has enough time left to be paid. */
  fresh: boolean;
  /** No session yet and the claim is recent: its request is creating the session now. */
  pending: boolean;
}

/** The session is done with (paid or expired): a new purchase of its items gets a new one. Same transaction as the fact. */
export async function forgetCheckout(em: Db, sessionId: string): Promise<void> {
  await run(em, `delete from commerce_checkout_claim where session_id = ?`, [sessionId]);
}

/**
 * One open checkout per buyer and request (commerce_checkout_claim): a purchase's item set, or a
 * subscription's plan option with its return addresses and metadata. The row's primary key decides
 * between concurrent requests: the one that inserts (or takes over a stale row) creates the session, the
 * others wait for it and answer the same session. Nothing is held open while Stripe is called.
 */
@Injectable()
export class CheckoutClaims {
  private readonly log = new Logger('CheckoutClaims');

  constructor(
    private readonly orm: Database,
    private readonly support: StripeSupport,
    private readonly events: EventStore,
  ) {}

  /**
   * Creates the claimed checkout session at Stripe (`params` is called for what to send) and records it:
   * the claim row and its CheckoutSessionStarted in one transaction. On any failure the claim is released
   * (the waiting requests take over) and a provider failure answers the spec's message.
   */
  async openSession(
    claimId: string,
    params: () => Promise<Stripe.Checkout.SessionCreateParams>,
    started: (sessionId: string) => Omit<PayloadOf<'CheckoutSessionStarted'>, 'sessionId'>,
  ): Promise<OpenCheckout> {
    let session: { id: string; url: string; expiresAt: number };
    try {
      const created = await (await this.support.stripe()).checkout.sessions.create(await params());
      if (!created.url) throw new Error(`session ${created.id} has no payment page address`);
      session = { id: created.id, url: created.url, expiresAt: created.expires_at };
    } catch (err) {
      await this.release(claimId);
      this.log.warn(`checkout session for claim ${claimId} failed: ${(err as Error).message}`);
      throw providerFailed('Failed to create checkout session');
    }
    await this.orm.em
      .fork()
      .transactional(async (tem) => {
        // the claim row first: the append takes the event log's lock, held to commit, so it goes last
        await this.fill(tem, claimId, session);
        await this.events.append(tem, streams.checkout(session.id), [
          { type: CheckoutSessionStarted.type, payload: { sessionId: session.id, ...started(session.id) } },
        ]);
      })
      .catch(async (err: unknown) => {
        await this.release(claimId);
        throw err;
      });
    return { sessionId: session.id, url: session.url };
  }

  /** The buyer's open, unexpired, unpaid session for this key, or a claim to create it (then `fill` or `release`). */
  async reuseOrClaim(userId: string, key: string): Promise<{ reuse: OpenCheckout } | { claimId: string }> {
    const deadline = Date.now() + CLAIM_TIMEOUT_MS + 5_000;
    for (;;) {
      const em = this.orm.em.fork();
      const [row] = await rows<ClaimRow>(
        em,
        `select claim_id, session_id, url,
                coalesce(expires_at > now() + make_interval(secs => ?), false) as fresh,
                (session_id is null and claimed_at > now() - make_interval(secs => ?)) as pending
           from commerce_checkout_claim where user_id = ? and item_key = ?`,
        [MIN_TIME_LEFT_SECONDS, CLAIM_TIMEOUT_MS / 1000, userId, key],
      );
      if (row?.session_id && row.url && row.fresh && (await this.stillOpen(row.session_id))) {
        return { reuse: { sessionId: row.session_id, url: row.url } };
      }
      if (row?.pending) {
        if (Date.now() > deadline) throw conflict('This checkout is still being prepared; please try again.');
        await delay(WAIT_STEP_MS);
        continue;
      }
      const claimId = randomUUID();
      // insert a new row, or replace exactly the stale one just read (another request may be replacing it too)
      const won = row
        ? await rows(
            em,
            `update commerce_checkout_claim
                set claim_id = ?, session_id = null, url = null, expires_at = null, claimed_at = now()
              where user_id = ? and item_key = ? and claim_id = ? returning claim_id`,
            [claimId, userId, key, row.claim_id],
          )
        : await rows(
            em,
            `insert into commerce_checkout_claim (user_id, item_key, claim_id) values (?, ?, ?)
             on conflict do nothing returning claim_id`,
            [userId, key, claimId],
          );
      if (won.length > 0) return { claimId };
    }
  }

  /** Records the claim's session, in the transaction that records its CheckoutSessionStarted. */
  async fill(em: Db, claimId: string, session: { id: string; url: string; expiresAt: number }): Promise<void> {
    await run(em, `update commerce_checkout_claim set session_id = ?, url = ?, expires_at = to_timestamp(?) where claim_id = ?`, [
      session.id,
      session.url,
      session.expiresAt,
      claimId,
    ]);
  }

  /** The session could not be created: the waiting requests take over at once. */
  async release(claimId: string): Promise<void> {
    await run(this.orm.em.fork(), `delete from commerce_checkout_claim where claim_id = ? and session_id is null`, [claimId]);
  }

  /** Stripe's word on the session (paid or expired sessions whose webhook has not landed yet are not reused). */
  private async stillOpen(sessionId: string): Promise<boolean> {
    try {
      const session = await (await this.support.stripe()).checkout.sessions.retrieve(sessionId);
      return session.status === 'open' && session.payment_status === 'unpaid';
    } catch {
      throw providerFailed('Failed to create checkout session');
    }
  }
}
