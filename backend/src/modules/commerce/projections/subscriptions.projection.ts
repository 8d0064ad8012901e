import { run } from '../../../platform/database/sql';
import { defineProjection } from '../../../platform/events/define-projection';
import { READ_MODELS } from '../domain/read-models';

/** commerce_subscription: each subscription's plan, status and periods; a canceled one stays canceled. */
export const subscriptionsProjection = defineProjection({
  name: READ_MODELS.subscriptions,
  version: 1,
  tables: ['commerce_subscription'],
  on: {
    SubscriptionStarted: ({ payload: p }, tx) =>
      run(
        tx,
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
      ),
    SubscriptionTrialEnded: ({ payload: p }, tx) =>
      run(tx, `update commerce_subscription set status = ? where subscription_id = ? and status <> 'canceled'`, [
        p.status,
        p.subscriptionId,
      ]),
    SubscriptionStatusChanged: ({ payload: p }, tx) =>
      run(
        tx,
        `update commerce_subscription set status = ?, current_period_end = ?, trial_end = ? where subscription_id = ? and status <> 'canceled'`,
        [p.status, p.currentPeriodEnd, p.trialEnd, p.subscriptionId],
      ),
    SubscriptionRenewed: ({ payload: p }, tx) =>
      run(
        tx,
        `update commerce_subscription set current_period_end = greatest(current_period_end, ?::timestamptz) where subscription_id = ?`,
        [p.periodEnd, p.subscriptionId],
      ),
    SubscriptionCanceled: ({ payload: p }, tx) =>
      run(tx, `update commerce_subscription set status = 'canceled', canceled_at = ? where subscription_id = ?`, [
        p.canceledAt,
        p.subscriptionId,
      ]),
  },
});
