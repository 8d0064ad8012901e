import { isFactOf, SubscriptionRenewed, type Fact, type NewEvent, type PayloadOf } from '@sparkhouse/contracts';

/** What commerce knows of one subscription, folded from its stream. */
export interface SubscriptionState {
  started: boolean;
  userId: string | null;
  status: string | null;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  canceled: boolean;
  cancelAtPeriodEnd: boolean;
  renewedInvoices: Set<string>;
}

export function foldSubscription(stream: readonly Fact[], from?: SubscriptionState | null): SubscriptionState {
  const s: SubscriptionState = from
    ? { ...from, renewedInvoices: new Set(from.renewedInvoices) }
    : {
        started: false,
        userId: null,
        status: null,
        trialEnd: null,
        currentPeriodEnd: null,
        canceled: false,
        cancelAtPeriodEnd: false,
        renewedInvoices: new Set(),
      };
  for (const e of stream) {
    if (!isFactOf(e, ...SUBSCRIPTION_FACTS)) continue;
    switch (e.type) {
      case 'SubscriptionStarted': {
        const p = e.payload;
        Object.assign(s, {
          started: true,
          userId: p.userId,
          status: p.status,
          trialEnd: p.trialEnd,
          currentPeriodEnd: p.currentPeriodEnd,
        });
        break;
      }
      case 'SubscriptionTrialEnded':
        s.status = e.payload.status;
        break;
      case 'SubscriptionStatusChanged': {
        const p = e.payload;
        Object.assign(s, { status: p.status, trialEnd: p.trialEnd, currentPeriodEnd: p.currentPeriodEnd });
        s.cancelAtPeriodEnd = p.cancelAtPeriodEnd === true;
        break;
      }
      case 'SubscriptionRenewed':
        s.renewedInvoices.add(e.payload.invoiceId);
        s.currentPeriodEnd = e.payload.periodEnd;
        break;
      case 'SubscriptionCanceled':
        s.canceled = true;
        s.status = 'canceled';
        break;
    }
  }
  return s;
}

const SUBSCRIPTION_FACTS = [
  'SubscriptionStarted',
  'SubscriptionTrialEnded',
  'SubscriptionStatusChanged',
  'SubscriptionRenewed',
  'SubscriptionCanceled',
] as const;

/** A paid invoice of the subscription: its renewal, recorded once per invoice. */
export function renewSubscription(state: SubscriptionState | null, renewal: PayloadOf<'SubscriptionRenewed'>): NewEvent[] {
  return state?.renewedInvoices.has(renewal.invoiceId) ? [] : [{ type: SubscriptionRenewed.type, payload: renewal }];
}

/** The provider's subscription as it is now (re-read from Stripe, never taken from the webhook body). */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: string;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  startedAt: string;
  canceledAt: string | null;
  /** Ends when its current period does instead of renewing. */
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
}

/**
 * The facts that bring our stream up to the provider's current state. Because the current object is
 * re-read for every webhook, events arriving in any order (an update before the checkout completion,
 * a deletion before the update) end in the same, right state; a repeat finds nothing to add.
 */
export function reconcileSubscription(known: SubscriptionState | null, sub: ProviderSubscription): NewEvent[] {
  const state = known ?? foldSubscription([]);
  const userId = state.userId ?? sub.metadata.userId;
  if (!userId) return [];
  const out: NewEvent[] = [];
  if (!state.started) {
    out.push({
      type: 'SubscriptionStarted',
      payload: {
        subscriptionId: sub.id,
        userId,
        customerId: sub.customerId,
        storefrontSlug: sub.metadata.storefrontSlug ?? '',
        appSlug: sub.metadata.appSlug ?? '',
        appId: sub.metadata.appId || null,
        priceOptionId: sub.metadata.priceOptionId ?? '',
        planDisplayName: sub.metadata.planDisplayName ?? '',
        tierSlug: sub.metadata.tierSlug || null,
        status: sub.status === 'canceled' ? 'active' : sub.status,
        trialEnd: sub.trialEnd,
        currentPeriodEnd: sub.currentPeriodEnd,
        startedAt: sub.startedAt,
      },
    });
    if (sub.status === 'canceled') out.push(canceled(sub, userId));
    return out;
  }
  if (state.canceled) return [];
  if (sub.status === 'canceled') return [canceled(sub, userId)];
  if (state.status === 'trialing' && sub.status !== 'trialing') {
    out.push({
      type: 'SubscriptionTrialEnded',
      payload: { subscriptionId: sub.id, userId, status: sub.status, endedAt: sub.trialEnd ?? new Date().toISOString() },
    });
  }
  const moved = sub.status !== state.status && out.length === 0;
  if (
    moved ||
    sub.currentPeriodEnd !== state.currentPeriodEnd ||
    sub.trialEnd !== state.trialEnd ||
    sub.cancelAtPeriodEnd !== state.cancelAtPeriodEnd
  ) {
    out.push({
      type: 'SubscriptionStatusChanged',
      payload: {
        subscriptionId: sub.id,
        userId,
        status: sub.status,
        currentPeriodEnd: sub.currentPeriodEnd,
        trialEnd: sub.trialEnd,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      },
    });
  }
  return out;
}

function canceled(sub: ProviderSubscription, userId: string): NewEvent {
  return {
    type: 'SubscriptionCanceled',
    payload: { subscriptionId: sub.id, userId, canceledAt: sub.canceledAt ?? new Date().toISOString() },
  };
}

const DAY_MS = 86_400_000;

/** Spec 3 Subscription: whole trial days left (rounded up) and whether the trial is over. */
export function trialInfo(
  status: string,
  trialEnd: string | null,
  now: number,
): { trialDaysRemaining: number; isTrialExpired: boolean } {
  if (!trialEnd) return { trialDaysRemaining: 0, isTrialExpired: false };
  const left = Date.parse(trialEnd) - now;
  if (status !== 'trialing') return { trialDaysRemaining: 0, isTrialExpired: true };
  if (left <= 0) return { trialDaysRemaining: 0, isTrialExpired: true };
  return { trialDaysRemaining: Math.ceil(left / DAY_MS), isTrialExpired: false };
}

/** Statuses that give access. */
export const isActiveStatus = (status: string) => status === 'active';
export const isActiveOrTrial = (status: string, trialDaysRemaining: number, isTrialExpired: boolean) =>
  status === 'active' || (trialDaysRemaining > 0 && !isTrialExpired);
