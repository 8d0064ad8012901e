import type { Subscription } from './user';

export const hasActiveSubscription = (subscriptions: readonly Subscription[]) => subscriptions.some((s) => s.status === 'active');

/** Active or trial: any subscription is active, or has trial days left with the trial not expired. */
export const hasActiveOrTrialSubscription = (subscriptions: readonly Subscription[]) =>
  subscriptions.some((s) => s.status === 'active' || ((s.trialDaysRemaining ?? 0) > 0 && s.isTrialExpired !== true));
