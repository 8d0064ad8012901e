import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { conflict, notFound } from '../../../platform/http/errors';
import type { SubscriptionState } from '../domain/subscription-state';
import { SubscriptionRenewals, type SubscriptionRenewal } from '../infra/subscription-renewal';
import { NO_SUCH_SUBSCRIPTION } from './cancel-subscription.command';

/** The subscriber undoes a cancel at period end before the period ends: it renews again. */
export class ResumeSubscription {
  constructor(
    readonly userId: string,
    readonly subscriptionId: string,
  ) {}
}

/** Only the subscriber, only before it has ended. False: clear cancel at period end; null: it renews already. */
export function decide(state: SubscriptionState, c: ResumeSubscription): false | null {
  if (!state.started || state.userId !== c.userId) throw notFound(NO_SUCH_SUBSCRIPTION);
  if (state.canceled || state.status === 'canceled' || state.status === 'incomplete_expired')
    throw conflict('This subscription has ended; start a new one instead.');
  return state.cancelAtPeriodEnd ? false : null;
}

@CommandHandler(ResumeSubscription)
export class ResumeSubscriptionHandler implements ICommandHandler<ResumeSubscription, SubscriptionRenewal> {
  constructor(private readonly renewals: SubscriptionRenewals) {}

  execute(c: ResumeSubscription): Promise<SubscriptionRenewal> {
    return this.renewals.set(c.subscriptionId, (state) => decide(state, c), 'Failed to resume subscription');
  }
}
