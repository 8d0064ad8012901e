import { Injectable } from '@nestjs/common';
import type { Db } from '../../../platform/database/database';
import {
  AppAddressChanged,
  AppCreated,
  AppDetailsChanged,
  AppPublished,
  CartUpdated,
  CheckoutSessionCompleted,
  CheckoutSessionExpired,
  CheckoutSessionStarted,
  CreditGranted,
  CreditSpent,
  OfferSeenRecorded,
  PriceOptionsDefined,
  SubscriptionCanceled,
  SubscriptionRenewed,
  SubscriptionStarted,
  SubscriptionStatusChanged,
  SubscriptionTrialEnded,
  UserProfileCreated,
  VipStatusChanged,
  isEventOf,
  type EventPayload,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { runsOfType, Subscribes, type Projection } from '../../../platform/events/subscribers';
import { run, textArray } from '../../../platform/database/sql';
import { COMMERCE_PROJECTION } from '../domain/read-models';

type P<D> = EventPayload<D>;

/**
 * Commerce's read models: carts, plans on sale (as defined, and for creators' apps as last published),
 * app ownership and first publication (from the creator studio's AppCreated and AppPublished),
 * checkout sessions, subscriptions, the credit ledger, and what it needs of buyers (email, VIP, offers
 * seen, from the users module's facts). Every write is keyed by a fact's own id, so a re-fed event
 * changes nothing.
 */
@Subscribes()
@Injectable()
export class CommerceProjection implements Projection {
  readonly kind = 'projection';
  readonly name = COMMERCE_PROJECTION;
  // 2: commerce_app.published_at (from AppPublished); 3: commerce_live_price_option (the plans as published)
  // 4: commerce_app follows the app's name (AppDetailsChanged) and its key (AppAddressChanged)
  readonly version = 4;
  readonly handles = [
    AppDetailsChanged.type,
    AppAddressChanged.type,
    CartUpdated.type,
    PriceOptionsDefined.type,
    AppCreated.type,
    AppPublished.type,
    CheckoutSessionStarted.type,
    CheckoutSessionCompleted.type,
    CheckoutSessionExpired.type,
    SubscriptionStarted.type,
    SubscriptionTrialEnded.type,
    SubscriptionStatusChanged.type,
    SubscriptionRenewed.type,
    SubscriptionCanceled.type,
    CreditGranted.type,
    CreditSpent.type,
    UserProfileCreated.type,
    VipStatusChanged.type,
    OfferSeenRecorded.type,
  ];

  async truncate(em: Db) {
    await run(
      em,
      `truncate commerce_cart, commerce_price_option, commerce_live_price_option, commerce_app, commerce_checkout_session,
                commerce_subscription, commerce_credit_entry, commerce_buyer`,
    );
  }

  /** Runs of cart updates (the busiest event) in one statement; everything else one event at a time. */
  async handleBatch(em: Db, events: StoredEvent[]) {
    for (const { type, events: run } of runsOfType(events)) {
      if (type === CartUpdated.type && run.length > 1) await this.updateCarts(em, run);
      else for (const e of run) await this.handle(em, e);
    }
  }

  async handle(em: Db, e: StoredEvent) {
    const at = e.metadata.occurredAt;
    // the app's name as its plan box, checkout line and emails show it; its key when its first build named it
    if (isEventOf(e, 'AppDetailsChanged')) {
      if (e.payload.name === undefined) return;
      return run(em, 'update commerce_app set name = ? where app_id = ?', [e.payload.name, e.payload.appId]);
    }
    if (isEventOf(e, 'AppAddressChanged')) {
      if (!e.payload.rekeyed) return;
      return run(em, 'update commerce_app set storefront_slug = ?, app_slug = ? where app_id = ?', [
        e.payload.storefrontSlug,
        e.payload.appSlug,
        e.payload.appId,
      ]);
    }
    switch (e.type) {
      case CartUpdated.type: {
        const p = e.payload as P<typeof CartUpdated>;
        return run(
          em,
          `insert into commerce_cart (user_id, product_ids, offer_valid, updated_at) values (?, ?::text[], ?, ?)
           on conflict (user_id) do update set product_ids = excluded.product_ids, offer_valid = excluded.offer_valid,
             updated_at = excluded.updated_at where commerce_cart.updated_at <= excluded.updated_at`,
          [p.userId, textArray(p.productIds), p.offerValid, p.updatedAt],
        );
      }
      case PriceOptionsDefined.type: {
        const p = e.payload as P<typeof PriceOptionsDefined>;
        await run(em, `delete from commerce_price_option where storefront_slug = ? and app_slug = ?`, [
          p.storefrontSlug,
          p.appSlug,
        ]);
        for (const [i, o] of p.options.entries()) {
          await run(
            em,
            `insert into commerce_price_option (storefront_slug, app_slug, option_id, app_id, position, stripe_product_id, price_id,
               amount_in_cents, currency, interval, interval_count, display_name, description, features, plan_category, trial_days,
               period_credit_in_cents, tier_slug)
             values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)`,
            [
              p.storefrontSlug,
              p.appSlug,
              o.id,
              p.appId,
              i,
              p.stripeProductId,
              o.priceId,
              o.amountInCents,
              o.currency,
              o.interval,
              o.intervalCount,
              o.displayName,
              o.description,
              JSON.stringify(o.features),
              o.planCategory,
              o.trialDays,
              o.periodCreditInCents,
              o.tierSlug,
            ],
          );
        }
        return;
      }
      case AppCreated.type: {
        const p = e.payload as P<typeof AppCreated>;
        return run(
          em,
          `insert into commerce_app (app_id, owner_id, name, storefront_slug, app_slug) values (?, ?, ?, ?, ?) on conflict do nothing`,
          [p.appId, p.ownerId, p.name, p.storefrontSlug, p.appSlug],
        );
      }
      case AppPublished.type: {
        const p = e.payload as P<typeof AppPublished>;
        await run(em, `update commerce_app set published_at = coalesce(published_at, ?) where app_id = ?`, [
          p.publishedAt,
          p.appId,
        ]);
        // the app's plans as they are now go live with it; later changes wait for the next publication
        await run(em, `delete from commerce_live_price_option where app_id = ?`, [p.appId]);
        return run(em, `insert into commerce_live_price_option select * from commerce_price_option where app_id = ?`, [p.appId]);
      }
      case CheckoutSessionStarted.type: {
        const p = e.payload as P<typeof CheckoutSessionStarted>;
        return run(
          em,
          `insert into commerce_checkout_session (session_id, user_id, mode, status, product_ids, amount_total_in_cents,
             storefront_slug, app_slug, price_option_id, created_at)
           values (?, ?, ?, 'pending', ?::text[], ?, ?, ?, ?, ?) on conflict (session_id) do nothing`,
          [
            p.sessionId,
            p.userId,
            p.mode,
            textArray(p.lines.map((l) => l.productId)),
            p.amountTotalInCents,
            p.storefrontSlug,
            p.appSlug,
            p.priceOptionId,
            at,
          ],
        );
      }
      case CheckoutSessionCompleted.type: {
        const p = e.payload as P<typeof CheckoutSessionCompleted>;
        return run(
          em,
          `insert into commerce_checkout_session (session_id, user_id, mode, status, product_ids, amount_total_in_cents,
             subscription_id, payment_intent_id, created_at, completed_at)
           values (?, ?, ?, 'completed', ?::text[], ?, ?, ?, ?, ?)
           on conflict (session_id) do update set status = 'completed', subscription_id = excluded.subscription_id,
             payment_intent_id = excluded.payment_intent_id, completed_at = excluded.completed_at`,
          [
            p.sessionId,
            p.userId,
            p.mode,
            textArray(p.productIds),
            p.amountTotalInCents,
            p.subscriptionId,
            p.paymentIntentId,
            at,
            at,
          ],
        );
      }
      case CheckoutSessionExpired.type: {
        const p = e.payload as P<typeof CheckoutSessionExpired>;
        return run(em, `update commerce_checkout_session set status = 'expired' where session_id = ? and status = 'pending'`, [
          p.sessionId,
        ]);
      }
      case SubscriptionStarted.type: {
        const p = e.payload as P<typeof SubscriptionStarted>;
        return run(
          em,
          `insert into commerce_subscription (subscription_id, user_id, customer_id, status, storefront_slug, app_slug, app_id,
             price_option_id, plan_display_name, tier_slug, trial_end, current_period_end, started_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (subscription_id) do nothing`,
          [
            p.subscriptionId,
            p.userId,
            p.customerId,
            p.status,
            p.storefrontSlug,
            p.appSlug,
            p.appId,
            p.priceOptionId,
            p.planDisplayName,
            p.tierSlug,
            p.trialEnd,
            p.currentPeriodEnd,
            p.startedAt,
          ],
        );
      }
      case SubscriptionTrialEnded.type: {
        const p = e.payload as P<typeof SubscriptionTrialEnded>;
        return run(em, `update commerce_subscription set status = ? where subscription_id = ? and status <> 'canceled'`, [
          p.status,
          p.subscriptionId,
        ]);
      }
      case SubscriptionStatusChanged.type: {
        const p = e.payload as P<typeof SubscriptionStatusChanged>;
        return run(
          em,
          `update commerce_subscription set status = ?, current_period_end = ?, trial_end = ? where subscription_id = ? and status <> 'canceled'`,
          [p.status, p.currentPeriodEnd, p.trialEnd, p.subscriptionId],
        );
      }
      case SubscriptionRenewed.type: {
        const p = e.payload as P<typeof SubscriptionRenewed>;
        return run(
          em,
          `update commerce_subscription set current_period_end = greatest(current_period_end, ?::timestamptz) where subscription_id = ?`,
          [p.periodEnd, p.subscriptionId],
        );
      }
      case SubscriptionCanceled.type: {
        const p = e.payload as P<typeof SubscriptionCanceled>;
        return run(em, `update commerce_subscription set status = 'canceled', canceled_at = ? where subscription_id = ?`, [
          p.canceledAt,
          p.subscriptionId,
        ]);
      }
      case CreditGranted.type: {
        const p = e.payload as P<typeof CreditGranted>;
        return run(
          em,
          `insert into commerce_credit_entry (entry_id, user_id, amount_in_cents, kind, at) values (?, ?, ?, 'grant', ?)
           on conflict do nothing`,
          [`grant:${p.grantId}`, p.userId, p.amountInCents, at],
        );
      }
      case CreditSpent.type: {
        const p = e.payload as P<typeof CreditSpent>;
        return run(
          em,
          `insert into commerce_credit_entry (entry_id, user_id, amount_in_cents, kind, at) values (?, ?, ?, 'spend', ?)
           on conflict do nothing`,
          [`spend:${p.spendId}`, p.userId, -p.amountInCents, at],
        );
      }
      case UserProfileCreated.type: {
        const p = e.payload as P<typeof UserProfileCreated>;
        return run(
          em,
          `insert into commerce_buyer (user_id, email) values (?, ?) on conflict (user_id) do update set email = excluded.email`,
          [p.userId, p.email.toLowerCase()],
        );
      }
      case VipStatusChanged.type: {
        const p = e.payload as P<typeof VipStatusChanged>;
        return run(
          em,
          `insert into commerce_buyer (user_id, vip_products) values (?, jsonb_build_object(?::text, ?::boolean))
           on conflict (user_id) do update set vip_products = commerce_buyer.vip_products || excluded.vip_products`,
          [p.userId, p.product, p.isVip],
        );
      }
      case OfferSeenRecorded.type: {
        const p = e.payload as P<typeof OfferSeenRecorded>;
        const seen = { expirationDateSeen: p.expirationDateSeen, lastSeenCurrentOffer: p.lastSeenCurrentOffer };
        return run(
          em,
          `insert into commerce_buyer (user_id, offers_seen) values (?, jsonb_build_object(?::text, ?::jsonb))
           on conflict (user_id) do update set offers_seen = commerce_buyer.offers_seen || excluded.offers_seen`,
          [p.userId, p.offerKey, JSON.stringify(seen)],
        );
      }
    }
  }

  /**
   * Cart updates as `handle` applies them one by one: a cart takes an update unless it holds a newer
   * one, so each user's cart ends as the newest update of the run (the later one on a tie), if newer.
   */
  private async updateCarts(em: Db, events: StoredEvent[]) {
    const newest = new Map<string, P<typeof CartUpdated>>();
    for (const e of events) {
      const p = e.payload as P<typeof CartUpdated>;
      const at = Date.parse(p.updatedAt);
      if (Number.isNaN(at)) {
        for (const one of events) await this.handle(em, one);
        return;
      }
      const kept = newest.get(p.userId);
      if (!kept || Date.parse(kept.updatedAt) <= at) newest.set(p.userId, p);
    }
    await run(
      em,
      `insert into commerce_cart (user_id, product_ids, offer_valid, updated_at)
       select c."userId", array(select jsonb_array_elements_text(c."productIds")), c."offerValid", c."updatedAt"::timestamptz
         from jsonb_to_recordset(?::jsonb) c("userId" text, "productIds" jsonb, "offerValid" boolean, "updatedAt" text)
       on conflict (user_id) do update set product_ids = excluded.product_ids, offer_valid = excluded.offer_valid,
         updated_at = excluded.updated_at where commerce_cart.updated_at <= excluded.updated_at`,
      [JSON.stringify([...newest.values()])],
    );
  }
}
