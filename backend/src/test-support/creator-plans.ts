// A creator-platform plan for a test creator, recorded as commerce records a paid tier checkout.
// Not a spec file; used by the integration tests that publish apps.
import { randomUUID } from 'node:crypto';
import { Database } from '../platform/database/database';
import { CREATOR_PLATFORM_PLANS, SubscriptionStarted, type EventPayload } from '@sparkhouse/contracts';
import { EventStore } from '../platform/events/event-store';

/**
 * Records a creator-platform subscription for a creator, the fact commerce appends when a tier's
 * checkout is paid: publishing needs one. For tests and set-ups that publish without going through
 * the checkout (the commerce and e2e journeys buy one through the checkout).
 */
export async function grantCreatorPlan(db: Database | string, userId: string, tierSlug = 'starter'): Promise<void> {
  const orm = typeof db === 'string' ? await Database.connect(db) : db;
  const subscriptionId = `sub_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const payload: EventPayload<typeof SubscriptionStarted> = {
    subscriptionId,
    userId,
    customerId: `cus_test_${userId}`.slice(0, 60),
    ...CREATOR_PLATFORM_PLANS,
    appId: null,
    priceOptionId: `${tierSlug}-yearly`,
    planDisplayName: `${tierSlug} yearly`,
    tierSlug,
    status: 'active',
    trialEnd: null,
    currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    startedAt: new Date().toISOString(),
  };
  try {
    await orm.em
      .fork()
      .transactional((tem) =>
        new EventStore().append(tem, `subscription-${subscriptionId}`, [{ type: SubscriptionStarted.type, payload }]),
      );
  } finally {
    if (typeof db === 'string') await orm.close(true);
  }
}
