import {
  CheckoutSessionCompleted,
  CheckoutSessionExpired,
  CheckoutSessionStarted,
  isFactOf,
  type Fact,
  type NewEvent,
  type PayloadOf,
} from '@sparkhouse/contracts';

/** What a `checkout-<sessionId>` stream says: how it started, and whether it completed or expired. */
export interface CheckoutState {
  started: PayloadOf<'CheckoutSessionStarted'> | null;
  completed: boolean;
  expired: boolean;
}

export function foldCheckout(stream: readonly Fact[], from?: CheckoutState | null): CheckoutState {
  const state: CheckoutState = { started: null, completed: false, expired: false, ...from };
  for (const e of stream) {
    if (isFactOf(e, CheckoutSessionStarted.type)) state.started ??= e.payload;
    else if (isFactOf(e, CheckoutSessionCompleted.type)) state.completed = true;
    else if (isFactOf(e, CheckoutSessionExpired.type)) state.expired = true;
  }
  return state;
}

/** The provider completed the session: recorded once. */
export function completeCheckout(state: CheckoutState | null, completion: PayloadOf<'CheckoutSessionCompleted'>): NewEvent[] {
  return state?.completed ? [] : [{ type: CheckoutSessionCompleted.type, payload: completion }];
}

/** The session expired unpaid: recorded once, and never after it completed. */
export function expireCheckout(state: CheckoutState | null, expiry: PayloadOf<'CheckoutSessionExpired'>): NewEvent[] {
  return state?.completed || state?.expired ? [] : [{ type: CheckoutSessionExpired.type, payload: expiry }];
}
