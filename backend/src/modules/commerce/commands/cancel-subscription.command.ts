import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { conflict, notFound } from '../../../platform/http/errors';
import type { SubscriptionState } from '../domain/subscription-state';
import { SubscriptionRenewals, type SubscriptionRenewal } from '../infra/subscription-renewal';

/** The subscriber cancels their subscription at period end (it keeps access until then). */
export class CancelSubscription {
  constructor(
    readonly userId: string,
    readonly subscriptionId: string,
  ) {}
}

export const NO_SUCH_SUBSCRIPTION = 'No such subscription.';

/**
 * Only the subscriber, only a live (active or trialing) subscription. True: set cancel at period end;
 * null: already set, nothing to do.
 */
export function decide(state: SubscriptionState, c: CancelSubscription): true | null {
  if (!state.started || state.userId !== c.userId) throw notFound(NO_SUCH_SUBSCRIPTION);
  if (state.canceled || (state.status !== 'active' && state.status !== 'trialing'))
    throw conflict('Only an active or trialing subscription can be canceled.');
  return state.cancelAtPeriodEnd ? null : true;
}

@CommandHandler(CancelSubscription)
export class CancelSubscriptionHandler implements ICommandHandler<CancelSubscription, SubscriptionRenewal> {
  constructor(private readonly renewals: SubscriptionRenewals) {}

  execute(c: CancelSubscription): Promise<SubscriptionRenewal> {
    return this.renewals.set(c.subscriptionId, (state) => decide(state, c), 'Failed to cancel subscription');
  }
}
