import { Injectable } from '@nestjs/common';
import type { Db } from '../../../platform/database/database';
import {
  CREATOR_PLATFORM_PLANS,
  SubscriptionCanceled,
  SubscriptionStarted,
  SubscriptionStatusChanged,
  SubscriptionTrialEnded,
  type EventPayload,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { run } from '../../../platform/database/sql';
import { Subscribes, type Projection } from '../../../platform/events/subscribers';

type P<D> = EventPayload<D>;

/** The projection's name: the publish check waits for its checkpoint to read a plan bought a moment ago. */
export const CREATOR_PLANS_PROJECTION = 'creator-apps.creator-plans';

/**
 * creator_platform_subscription: the creator-platform plans creators subscribed to (from commerce's
 * subscription facts), with their tier and status. Publishing reads it. Other subscriptions (the
 * membership, creators' own apps) are not kept: their later status changes find no row and change nothing.
 */
@Subscribes()
@Injectable()
export class CreatorPlansProjection implements Projection {
  readonly kind = 'projection';
  readonly name = CREATOR_PLANS_PROJECTION;
  readonly version = 1;
  readonly handles = [
    SubscriptionStarted.type,
    SubscriptionTrialEnded.type,
    SubscriptionStatusChanged.type,
    SubscriptionCanceled.type,
  ];

  async truncate(em: Db) {
    await run(em, 'truncate creator_platform_subscription');
  }

  async handle(em: Db, e: StoredEvent) {
    switch (e.type) {
      case SubscriptionStarted.type: {
        const p = e.payload as P<typeof SubscriptionStarted>;
        if (p.storefrontSlug !== CREATOR_PLATFORM_PLANS.storefrontSlug || p.appSlug !== CREATOR_PLATFORM_PLANS.appSlug) return;
        return run(
          em,
          `insert into creator_platform_subscription (subscription_id, user_id, tier_slug, status, started_at)
           values (?, ?, ?, ?, ?) on conflict (subscription_id) do nothing`,
          [p.subscriptionId, p.userId, p.tierSlug, p.status, p.startedAt],
        );
      }
      case SubscriptionTrialEnded.type:
      case SubscriptionStatusChanged.type: {
        const p = e.payload as P<typeof SubscriptionStatusChanged>;
        return run(em, `update creator_platform_subscription set status = ? where subscription_id = ? and status <> 'canceled'`, [
          p.status,
          p.subscriptionId,
        ]);
      }
      case SubscriptionCanceled.type: {
        const p = e.payload as P<typeof SubscriptionCanceled>;
        return run(em, `update creator_platform_subscription set status = 'canceled' where subscription_id = ?`, [
          p.subscriptionId,
        ]);
      }
    }
  }
}
