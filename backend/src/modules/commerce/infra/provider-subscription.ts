import type { ProviderSubscription } from '../domain/subscription-state';

const isoOf = (unix: unknown) => (typeof unix === 'number' ? new Date(unix * 1000).toISOString() : null);
const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as { id: string }).id) : null;

/** A Stripe subscription object (as the API version sends it, read field by field) as commerce knows it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe objects as the API version sends them (read field by field)
export function providerSubscriptionOf(s: Record<string, any>): ProviderSubscription {
  const item = s.items?.data?.[0];
  return {
    id: s.id,
    customerId: idOf(s.customer) ?? '',
    status: s.status,
    trialEnd: isoOf(s.trial_end),
    currentPeriodEnd: isoOf(s.current_period_end ?? item?.current_period_end),
    startedAt: isoOf(s.start_date ?? s.created)!,
    canceledAt: isoOf(s.canceled_at ?? s.ended_at),
    cancelAtPeriodEnd: s.cancel_at_period_end === true,
    metadata: s.metadata ?? {},
  };
}
