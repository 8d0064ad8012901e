export type { User } from '../../api/users-api';

/** A subscription as GET /payments/subscriptions answers it (spec section 3); only these fields are read here. */
export interface Subscription {
  status: string;
  trialDaysRemaining?: number | null;
  isTrialExpired?: boolean | null;
}

export function displayName(user: { firstName?: string; lastName?: string; email?: string }): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email || '';
}
