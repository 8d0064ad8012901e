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
