import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import type { commerce } from '@sparkhouse/contracts';
import { rows } from '../../../platform/database/sql';
import type { PriceOptionRow } from '../domain/payment-options';
import { trialInfo } from '../domain/subscription-state';
import { logHead, subscribersReached } from '../../../platform/events/read-your-writes';
import { READ_MODELS } from '../domain/read-models';

/** How long a call on an app waits for an app created a moment ago to reach commerce's read model. */
const APP_CATCH_UP_MS = 3_000;

interface SubscriptionRow {
  subscription_id: string;
  user_id: string;
  status: string;
  storefront_slug: string;
  app_slug: string;
  app_id: string | null;
  price_option_id: string;
  plan_display_name: string;
  tier_slug: string | null;
  trial_end: Date | string | null;
  current_period_end: Date | string | null;
  started_at: Date | string;
  canceled_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function toSubscription(r: SubscriptionRow, now = Date.now()): commerce.UserSubscription {
  const trialEnd = iso(r.trial_end);
  return {
    subscriptionId: r.subscription_id,
    status: r.status as commerce.UserSubscription['status'],
    storefrontSlug: r.storefront_slug,
    appSlug: r.app_slug,
    appId: r.app_id,
    priceOptionId: r.price_option_id,
    planDisplayName: r.plan_display_name,
    tierSlug: r.tier_slug,
    ...trialInfo(r.status, trialEnd, now),
    trialEnd,
    currentPeriodEnd: iso(r.current_period_end),
    startedAt: iso(r.started_at)!,
    canceledAt: iso(r.canceled_at),
  };
}

export interface AppRow {
  app_id: string;
  owner_id: string;
  name: string;
  storefront_slug: string;
  app_slug: string;
  /** When the app was first published; null while only its owner sees it. */
  published_at: Date | string | null;
}

/** Commerce's read side: plans on sale, apps, carts, sessions, subscriptions, credit, buyers. */
@Injectable()
export class CommerceQueries {
  constructor(private readonly orm: Database) {}

  private em() {
    return this.orm.em.fork();
  }

  /**
   * The plans of an app as defined (`live`: as last published, what visitors see and buy). Platform
   * plans (the membership, the creator platform) are live as soon as they are defined.
   */
  async priceOptions(
    storefrontSlug: string,
    appSlug: string,
    { live = false } = {},
  ): Promise<(PriceOptionRow & { stripeProductId: string })[]> {
    const table = live ? 'commerce_live_price_option' : 'commerce_price_option';
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows and JSON columns read field by field
    const found = await rows<Record<string, any>>(
      this.em(),
      `select * from ${table} where storefront_slug = ? and app_slug = ? order by position`,
      [storefrontSlug, appSlug],
    );
    return found.map((r) => ({
      id: r.option_id,
      appId: r.app_id,
      priceId: r.price_id,
      amountInCents: r.amount_in_cents,
      currency: r.currency,
      interval: r.interval,
      intervalCount: r.interval_count,
      displayName: r.display_name,
      description: r.description,
      features: r.features,
      planCategory: r.plan_category,
      trialDays: r.trial_days,
      periodCreditInCents: r.period_credit_in_cents,
      tierSlug: r.tier_slug,
      stripeProductId: r.stripe_product_id,
    }));
  }

  async appBySlugs(storefrontSlug: string, appSlug: string): Promise<AppRow | null> {
    const [r] = await rows<AppRow>(this.em(), `select * from commerce_app where storefront_slug = ? and app_slug = ?`, [
      storefrontSlug,
      appSlug,
    ]);
    return r ?? null;
  }

  /** An app by id; one created a moment ago is waited for (briefly) until the read model has it. */
  async appById(appId: string): Promise<AppRow | null> {
    const read = async () => (await rows<AppRow>(this.em(), `select * from commerce_app where app_id = ?`, [appId]))[0] ?? null;
    const found = await read();
    if (found) return found;
    const em = this.em();
    await subscribersReached(em, [READ_MODELS.plans], await logHead(em), APP_CATCH_UP_MS);
    return read();
  }

  async cart(userId: string): Promise<{ productIds: string[]; offerValid: boolean | null; updatedAt: string | null }> {
    const [r] = await rows<{ product_ids: string[]; offer_valid: boolean | null; updated_at: Date | string }>(
      this.em(),
      `select product_ids, offer_valid, updated_at from commerce_cart where user_id = ?`,
      [userId],
    );
    return r
      ? { productIds: r.product_ids, offerValid: r.offer_valid, updatedAt: iso(r.updated_at) }
      : { productIds: [], offerValid: null, updatedAt: null };
  }

  async subscriptions(userId: string): Promise<commerce.UserSubscription[]> {
    const found = await rows<SubscriptionRow>(
      this.em(),
      `select * from commerce_subscription where user_id = ? order by started_at desc, subscription_id`,
      [userId],
    );
    const now = Date.now();
    return found.map((r) => toSubscription(r, now));
  }

  async subscription(subscriptionId: string): Promise<commerce.UserSubscription | null> {
    const [r] = await rows<SubscriptionRow>(this.em(), `select * from commerce_subscription where subscription_id = ?`, [
      subscriptionId,
    ]);
    return r ? toSubscription(r) : null;
  }

  async checkoutSession(sessionId: string) {
    const [r] = await rows<{
      session_id: string;
      user_id: string;
      mode: 'payment' | 'subscription';
      status: 'pending' | 'completed' | 'failed' | 'expired';
      product_ids: string[];
      amount_total_in_cents: number;
      subscription_id: string | null;
      created_at: Date | string;
      completed_at: Date | string | null;
    }>(this.em(), `select * from commerce_checkout_session where session_id = ?`, [sessionId]);
    return r ?? null;
  }

  /**
   * A session just started, before the read model has it (the success page may ask at once): its
   * CheckoutSessionStarted fact, as pending.
   */
  async startedCheckout(sessionId: string) {
    const [e] = await rows<{
      payload: { userId: string; mode: 'payment' | 'subscription'; lines: { productId: string }[]; amountTotalInCents: number };
      at: string;
    }>(
      this.em(),
      `select payload, metadata->>'occurredAt' as at from domain_event where stream_id = ? and type = 'CheckoutSessionStarted'`,
      [`checkout-${sessionId}`],
    );
    if (!e) return null;
    return {
      session_id: sessionId,
      user_id: e.payload.userId,
      mode: e.payload.mode,
      status: 'pending' as const,
      product_ids: e.payload.lines.map((l) => l.productId),
      amount_total_in_cents: e.payload.amountTotalInCents,
      subscription_id: null as string | null,
      created_at: e.at,
      completed_at: null as string | null,
    };
  }

  async creditInCents(userId: string): Promise<number> {
    const [r] = await rows<{ total: string | null }>(
      this.em(),
      `select sum(amount_in_cents)::text as total from commerce_credit_entry where user_id = ?`,
      [userId],
    );
    return Math.max(0, Number(r?.total ?? 0));
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows and JSON columns read field by field
  async buyer(userId: string): Promise<{ email: string | null; isVip: boolean; offersSeen: Record<string, any> }> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows and JSON columns read field by field
    const [r] = await rows<{ email: string | null; vip_products: Record<string, boolean>; offers_seen: Record<string, any> }>(
      this.em(),
      `select email, vip_products, offers_seen from commerce_buyer where user_id = ?`,
      [userId],
    );
    if (!r) return { email: null, isVip: false, offersSeen: {} };
    return { email: r.email, isVip: Object.values(r.vip_products).some(Boolean), offersSeen: r.offers_seen };
  }

  async userIdByEmail(email: string): Promise<string | null> {
    const [r] = await rows<{ user_id: string }>(this.em(), `select user_id from commerce_buyer where email = ? limit 1`, [
      email.trim().toLowerCase(),
    ]);
    return r?.user_id ?? null;
  }
}
