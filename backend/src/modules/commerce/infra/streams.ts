import type { NewEvent, StoredEvent } from '@sparkhouse/contracts';
import type { StreamModel } from '../../../platform/events/event-store';
import { foldCart, type CartState } from '../domain/cart';
import { foldCheckout, type CheckoutState } from '../domain/checkout';
import { foldCredit, type CreditState } from '../domain/credit';
import { foldPurchases, type PurchasesState } from '../domain/purchase-plan';
import { foldSubscription, type SubscriptionState } from '../domain/subscription-state';

/** Stream ids of commerce's facts (contracts/events/commerce.ts) and of the purchases it appends. */
export const streams = {
  cart: (userId: string) => `cart-${userId}`,
  checkout: (sessionId: string) => `checkout-${sessionId}`,
  subscription: (subscriptionId: string) => `subscription-${subscriptionId}`,
  credit: (userId: string) => `credit-${userId}`,
  customer: (userId: string) => `customer-${userId}`,
  priceOptions: (storefrontSlug: string, appSlug: string) => `price-options-${storefrontSlug}-${appSlug}`,
  /** The users area's stream of a user (contracts/events/users.ts): VIP flags and offers seen, for prices. */
  user: (userId: string) => `user-${userId}`,
  /** The catalogue's purchase stream (documented in contracts/events/catalogue.ts). */
  purchase: (userId: string, productId: string) => `purchase-${userId}-${productId}`,
};

/** One purchase per product per checkout session: a redelivered webhook cannot buy twice. */
export const purchaseIdOf = (source: string, productId: string) => `${source}:${productId}`;

/* The streams as deciders' states, folded by the domain's pure folds (short streams: folded afresh, never snapshotted). */
export const cartModel: StreamModel<CartState> = { name: 'commerce.cart@1', fold: (s, events) => foldCart(events, s) };
export const checkoutModel: StreamModel<CheckoutState> = {
  name: 'commerce.checkout@1',
  fold: (s, events) => foldCheckout(events, s),
};
export const creditModel: StreamModel<CreditState> = { name: 'commerce.credit@1', fold: (s, events) => foldCredit(events, s) };
export const purchasesModel: StreamModel<PurchasesState> = {
  name: 'commerce.purchases@1',
  fold: (s, events) => foldPurchases(events, s),
};
export const subscriptionModel: StreamModel<SubscriptionState> = {
  name: 'commerce.subscription@1',
  fold: (s, events) => foldSubscription(events, s),
};

/** A decision over a stream's facts as appendIf hands them: folded by the model, then decided (nothing: null). */
export function deciding<S, C>(
  model: StreamModel<S>,
  decide: (state: S | null, command: C) => readonly NewEvent[],
  command: C,
): (stream: StoredEvent[]) => NewEvent[] | null {
  return (stream) => {
    const decided = decide(model.fold(null, stream), command);
    return decided.length > 0 ? [...decided] : null;
  };
}
