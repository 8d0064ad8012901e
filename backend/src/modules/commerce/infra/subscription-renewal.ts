import { Injectable } from '@nestjs/common';
import type { commerce } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { ApiError } from '../../../platform/http/errors';
import { EventStore } from '../../../platform/events/event-store';
import { foldSubscription, reconcileSubscription, type SubscriptionState } from '../domain/subscription-state';
import { providerSubscriptionOf } from './provider-subscription';
import { providerFailed, StripeSupport } from './stripe-support';
import { deciding, streams, subscriptionModel } from './streams';

export type SubscriptionRenewal = commerce.SubscriptionRenewal;

/**
 * Sets a subscription's cancel-at-period-end at the provider when `decide` (the command's pure rule over
 * the subscription's stream) says so, then records the provider's answer on the stream at once (the
 * webhook that follows finds nothing left to add). Answers the renewal as it stands.
 */
@Injectable()
export class SubscriptionRenewals {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly support: StripeSupport,
  ) {}

  async set(
    subscriptionId: string,
    decide: (state: SubscriptionState) => boolean | null,
    failMessage: string,
  ): Promise<SubscriptionRenewal> {
    const em = this.orm.em.fork();
    const state = foldSubscription(await this.events.readStream(em, streams.subscription(subscriptionId)));
    const next = decide(state);
    if (next === null) return view(subscriptionId, state);
    const stripe = await this.support.stripe();
    let raw: Record<string, unknown>;
    try {
      raw = (await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: next })) as unknown as Record<
        string,
        unknown
      >;
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw providerFailed(failMessage);
    }
    const sub = providerSubscriptionOf(raw);
    await em.transactional((tem) =>
      this.events.appendIf(tem, streams.subscription(subscriptionId), deciding(subscriptionModel, reconcileSubscription, sub)),
    );
    return view(subscriptionId, foldSubscription(await this.events.readStream(em, streams.subscription(subscriptionId))));
  }
}

function view(subscriptionId: string, s: SubscriptionState): SubscriptionRenewal {
  return {
    subscriptionId,
    status: (s.status ?? 'incomplete') as SubscriptionRenewal['status'],
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    currentPeriodEnd: s.currentPeriodEnd,
    trialEnd: s.trialEnd,
  };
}
