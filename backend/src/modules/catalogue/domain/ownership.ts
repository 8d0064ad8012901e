/** Spec 3: a purchase with refundedInfo counts as not owned. */
export interface PurchaseFacts {
  productId: string;
  refundedInfo: unknown | null;
}

export const isOwned = (p: PurchaseFacts): boolean => p.refundedInfo === null || p.refundedInfo === undefined;

export const ownsProduct = (purchases: readonly PurchaseFacts[], productId: string): boolean =>
  purchases.some((p) => p.productId === productId && isOwned(p));

export const ownedProductIds = (purchases: readonly PurchaseFacts[]): Set<string> =>
  new Set(purchases.filter(isOwned).map((p) => p.productId));
