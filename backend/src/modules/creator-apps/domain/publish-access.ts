/**
 * Who may publish an app: a creator with a creator-platform plan (a subscription to one of its tiers,
 * active or in its trial). Admins publish for anyone. A server that sells nothing (payments off) lets
 * every owner publish: there would be no plan to buy.
 */
export interface CreatorPlan {
  tierSlug: string | null;
  status: string;
}

export interface PublishAccess {
  allowed: boolean;
  reason: 'tier-required' | null;
  /** The owner's tier, when they have one. */
  tierSlug: string | null;
}

/** A plan counts while it is paid for or in its trial. */
export const planCounts = (status: string) => status === 'active' || status === 'trialing';

export const TIER_REQUIRED_MESSAGE = 'Choose a creator plan to publish your app.';

export function publishAccess({
  byAdmin,
  paymentsOn,
  plans,
}: {
  byAdmin: boolean;
  paymentsOn: boolean;
  plans: readonly CreatorPlan[];
}): PublishAccess {
  const current = plans.find((p) => planCounts(p.status));
  const tierSlug = current ? (current.tierSlug ?? 'starter') : null;
  if (current || byAdmin || !paymentsOn) return { allowed: true, reason: null, tierSlug };
  return { allowed: false, reason: 'tier-required', tierSlug: null };
}
