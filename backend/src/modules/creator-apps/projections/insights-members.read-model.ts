import type { Db } from '../../../platform/database/database';
import { rows, run } from '../../../platform/database/sql';
import type { ProjectionHandlers } from '../../../platform/events/define-projection';
import { monthlyCents } from '../domain/insights';
import { countOnDay, reach } from './insights-funnel.read-model';

/*
 * The Insights' members: app_insights_subscription (each subscription to an app, with its plan's price a
 * month), app_insights_price (the plans sold, from PriceOptionsDefined), paid invoices counted once as
 * the day's revenue, and app_insights_check_in (the days each member checked in, on their calendar).
 */

/** The app a subscription is for: its id when the fact carries it, else the app at its slugs (none: not an app's plan). */
async function appOf(tx: Db, p: { appId: string | null; storefrontSlug: string; appSlug: string }): Promise<string | null> {
  const [app] = await rows<{ app_id: string }>(
    tx,
    `select app_id from app_insights_app where app_id = ?
     union all
     select app_id from app_insights_address where storefront_slug = ? and app_slug = ?
     limit 1`,
    [p.appId ?? '', p.storefrontSlug, p.appSlug],
  );
  return app?.app_id ?? null;
}

const setStatus = (tx: Db, subscriptionId: string, status: string) =>
  run(tx, 'update app_insights_subscription set status = ? where subscription_id = ? and canceled_at is null', [
    status,
    subscriptionId,
  ]);

export const insightsMembers: ProjectionHandlers<
  | 'PriceOptionsDefined'
  | 'SubscriptionStarted'
  | 'SubscriptionRenewed'
  | 'SubscriptionTrialEnded'
  | 'SubscriptionStatusChanged'
  | 'SubscriptionCanceled'
  | 'MemberCheckedIn'
> = {
  PriceOptionsDefined: async ({ payload: p }, tx) => {
    if (p.options.length === 0) return;
    await run(
      tx,
      `insert into app_insights_price (price_option_id, amount_cents, interval, interval_count, currency)
       select id, amount, interval, interval_count, currency
         from jsonb_to_recordset(?::jsonb) as r(id text, amount int, interval text, interval_count int, currency text)
       on conflict (price_option_id) do update
         set amount_cents = excluded.amount_cents, interval = excluded.interval, interval_count = excluded.interval_count,
             currency = excluded.currency`,
      [
        JSON.stringify(
          p.options.map((o) => ({
            id: o.id,
            amount: o.amountInCents,
            interval: o.interval,
            interval_count: o.intervalCount,
            currency: o.currency,
          })),
        ),
      ],
    );
  },
  SubscriptionStarted: async ({ payload: p, metadata: { occurredAt: at } }, tx) => {
    const appId = await appOf(tx, p);
    if (!appId) return; // the platform membership or a creator plan
    const [price] = await rows<{ amount_cents: number; interval: string; interval_count: number; currency: string }>(
      tx,
      'select amount_cents, interval, interval_count, currency from app_insights_price where price_option_id = ?',
      [p.priceOptionId],
    );
    const trialing = p.status === 'trialing';
    const paying = p.status === 'active';
    const fresh = await rows(
      tx,
      `insert into app_insights_subscription (subscription_id, app_id, user_id, interval, monthly_cents, currency, status, had_trial,
                                              started_at, paid_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning 1 as fresh`,
      [
        p.subscriptionId,
        appId,
        p.userId,
        price?.interval ?? null,
        monthlyCents(
          price ? { amountInCents: price.amount_cents, interval: price.interval, intervalCount: price.interval_count } : null,
        ),
        price?.currency ?? 'usd',
        p.status,
        trialing,
        at,
        paying ? at : null,
      ],
    );
    if (fresh.length === 0) return;
    await reach(tx, appId, p.userId, 'account', at);
    if (trialing) await reach(tx, appId, p.userId, 'trial', at);
    if (paying) await reach(tx, appId, p.userId, 'paid', at);
  },
  SubscriptionRenewed: async ({ payload: p, metadata: { occurredAt: at } }, tx) => {
    const [sub] = await rows<{ app_id: string; user_id: string }>(
      tx,
      'select app_id, user_id from app_insights_subscription where subscription_id = ?',
      [p.subscriptionId],
    );
    if (!sub || p.amountPaidInCents <= 0) return;
    const fresh = await rows(
      tx,
      'insert into app_insights_invoice (invoice_id) values (?) on conflict do nothing returning 1 as fresh',
      [p.invoiceId],
    );
    if (fresh.length === 0) return;
    await countOnDay(tx, sub.app_id, at, 'revenue_cents', p.amountPaidInCents);
    await run(
      tx,
      `update app_insights_subscription set paid_at = coalesce(paid_at, ?), status = case when status = 'trialing' then 'active' else status end
        where subscription_id = ?`,
      [at, p.subscriptionId],
    );
    await reach(tx, sub.app_id, sub.user_id, 'paid', at);
  },
  SubscriptionTrialEnded: ({ payload: p }, tx) => setStatus(tx, p.subscriptionId, p.status),
  SubscriptionStatusChanged: ({ payload: p }, tx) => setStatus(tx, p.subscriptionId, p.status),
  SubscriptionCanceled: async ({ payload: p, metadata: { occurredAt: at } }, tx) => {
    const [gone] = await rows<{ app_id: string }>(
      tx,
      `update app_insights_subscription set status = 'canceled', canceled_at = ? where subscription_id = ? and canceled_at is null
       returning app_id`,
      [at, p.subscriptionId],
    );
    if (gone) await countOnDay(tx, gone.app_id, at, 'churned');
  },
  MemberCheckedIn: ({ payload: p }, tx) =>
    run(tx, 'insert into app_insights_check_in (app_id, member_id, day) values (?, ?, ?::date) on conflict do nothing', [
      p.appId,
      p.memberId,
      p.localDate,
    ]),
};
