import {
  MEMBERSHIP_PLANS,
  SubscriptionCanceled,
  SubscriptionStarted,
  SubscriptionStatusChanged,
  SubscriptionTrialEnded,
  isFactOf,
  type Fact,
} from '@sparkhouse/contracts';
import type { MembershipStatus, UserView } from './user-profile';

/** What the users area needs of one subscription, folded from commerce's `subscription-<id>` stream (its facts). */
export interface SubscriptionFacts {
  subscriptionId: string;
  userId: string;
  storefrontSlug: string;
  appSlug: string;
  /** The provider's status (active, trialing, past_due, unpaid, canceled, ...). */
  status: string;
  trialEnd: string | null;
}

export function foldSubscriptionFacts(stream: readonly Fact[]): SubscriptionFacts | null {
  return stream.reduce<SubscriptionFacts | null>((s, e) => {
    if (isFactOf(e, SubscriptionStarted.type)) {
      const { subscriptionId, userId, storefrontSlug, appSlug, status, trialEnd } = e.payload;
      return { subscriptionId, userId, storefrontSlug, appSlug, status, trialEnd };
    }
    if (!s) return s;
    if (isFactOf(e, SubscriptionTrialEnded.type)) return { ...s, status: e.payload.status };
    if (isFactOf(e, SubscriptionStatusChanged.type)) return { ...s, status: e.payload.status, trialEnd: e.payload.trialEnd };
    if (isFactOf(e, SubscriptionCanceled.type)) return { ...s, status: 'canceled' };
    return s;
  }, null);
}

/** Statuses of a subscription that has not been paid for as it should (Stripe: a renewal payment failed). */
const SUSPENDED = new Set(['past_due', 'unpaid']);

/** A subscription's status as a membership status: paid or trialing → active, failed payment → suspended, else inactive. */
export function membershipStatusOfSubscription(status: string): MembershipStatus {
  if (status === 'active' || status === 'trialing') return 'active';
  if (SUSPENDED.has(status)) return 'suspended';
  return 'inactive';
}

export const isMembershipPlan = (s: Pick<SubscriptionFacts, 'storefrontSlug' | 'appSlug'>) =>
  s.storefrontSlug === MEMBERSHIP_PLANS.storefrontSlug && s.appSlug === MEMBERSHIP_PLANS.appSlug;

/**
 * The user's membership status (spec 4) from their Sparkhouse membership subscriptions: active when any is
 * paid or trialing, else suspended when one's payment failed, else inactive (none, or all ended).
 */
export function membershipStatusOf(subscriptions: readonly SubscriptionFacts[]): MembershipStatus {
  const statuses = subscriptions.filter(isMembershipPlan).map((s) => membershipStatusOfSubscription(s.status));
  if (statuses.includes('active')) return 'active';
  if (statuses.includes('suspended')) return 'suspended';
  return 'inactive';
}

export interface MembershipFacts {
  hasActiveSubscription: boolean;
  hasActiveOrTrialSubscription: boolean;
  hasActiveClass: boolean;
  hasAnyClass: boolean;
}

/**
 * Spec section 4: an active or trial subscription is any subscription that is active, or trialing with trial
 * days remaining (the trial not expired); an active class is an enrolled class whose end date has not passed;
 * any class is any enrolment at all.
 */
export function membershipFacts(
  subscriptions: readonly SubscriptionFacts[],
  classesEnrolled: UserView['classesEnrolled'],
  now: number,
): MembershipFacts {
  const active = subscriptions.some((s) => s.status === 'active');
  const trial = subscriptions.some((s) => s.status === 'trialing' && s.trialEnd !== null && Date.parse(s.trialEnd) > now);
  const classes = Object.values(classesEnrolled);
  return {
    hasActiveSubscription: active,
    hasActiveOrTrialSubscription: active || trial,
    hasActiveClass: classes.some((c) => Date.parse(c.classEndDate) > now),
    hasAnyClass: classes.length > 0,
  };
}
