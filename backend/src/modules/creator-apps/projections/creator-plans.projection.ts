import { CREATOR_PLATFORM_PLANS, type DomainEvent } from '@sparkhouse/contracts';
import type { Db } from '../../../platform/database/database';
import { run } from '../../../platform/database/sql';
import { defineProjection } from '../../../platform/events/define-projection';
import { CREATOR_PLANS_PROJECTION } from '../domain/read-models';

const statusChanged = ({ payload: p }: DomainEvent<'SubscriptionStatusChanged' | 'SubscriptionTrialEnded'>, tx: Db) =>
  run(tx, `update creator_platform_subscription set status = ? where subscription_id = ? and status <> 'canceled'`, [
    p.status,
    p.subscriptionId,
  ]);

/**
 * creator_platform_subscription: the creator-platform plans creators subscribed to (from commerce's
 * subscription facts), with their tier and status. Publishing reads it. Other subscriptions (the
 * membership, creators' own apps) are not kept: their later status changes find no row and change nothing.
 */
export const creatorPlansProjection = defineProjection({
  name: CREATOR_PLANS_PROJECTION,
  version: 1,
  tables: ['creator_platform_subscription'],
  on: {
    SubscriptionStarted: async ({ payload: p }, tx) => {
      if (p.storefrontSlug !== CREATOR_PLATFORM_PLANS.storefrontSlug || p.appSlug !== CREATOR_PLATFORM_PLANS.appSlug) return;
      return run(
        tx,
        `insert into creator_platform_subscription (subscription_id, user_id, tier_slug, status, started_at)
         values (?, ?, ?, ?, ?) on conflict (subscription_id) do nothing`,
        [p.subscriptionId, p.userId, p.tierSlug, p.status, p.startedAt],
      );
    },
    SubscriptionTrialEnded: statusChanged,
    SubscriptionStatusChanged: statusChanged,
    SubscriptionCanceled: ({ payload: p }, tx) =>
      run(tx, `update creator_platform_subscription set status = 'canceled' where subscription_id = ?`, [p.subscriptionId]),
  },
});
