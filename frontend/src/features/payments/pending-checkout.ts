/**
 * The checkout this tab sent to the payment page, kept in session storage: the cancel address has
 * no session id of its own (only the success address gets {CHECKOUT_SESSION_ID}), and the success
 * page needs to know whether the cart or a single "buy now" product was paid.
 */
export const PENDING_CHECKOUT_STORAGE_KEY = 'sparkhouse.checkout.pending';

export interface PendingCheckout {
  sessionId: string;
  /** cart: the whole cart was checked out; buy-now: one product; membership: a subscription item. */
  source: 'cart' | 'buy-now' | 'membership';
  productIds: string[];
}

export function savePendingCheckout(pending: PendingCheckout): void {
  try {
    window.sessionStorage.setItem(PENDING_CHECKOUT_STORAGE_KEY, JSON.stringify(pending));
  } catch {
    /* the pages then read the session id from the address only */
  }
}

export function readPendingCheckout(): PendingCheckout | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_CHECKOUT_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingCheckout>;
    if (typeof value.sessionId !== 'string' || !['cart', 'buy-now', 'membership'].includes(String(value.source))) return null;
    return {
      sessionId: value.sessionId,
      source: value.source as PendingCheckout['source'],
      productIds: Array.isArray(value.productIds) ? value.productIds.filter((id): id is string => typeof id === 'string') : [],
    };
  } catch {
    return null;
  }
}

export function clearPendingCheckout(): void {
  try {
    window.sessionStorage.removeItem(PENDING_CHECKOUT_STORAGE_KEY);
  } catch {
    /* nothing kept */
  }
}

/** Where the payment page returns to: paths on the product (the server resolves them against its public address). */
export const CHECKOUT_SUCCESS_PATH = '/checkout/success?session_id={CHECKOUT_SESSION_ID}';
export const CHECKOUT_CANCEL_PATH = '/checkout/cancel';

/** The browser leaves for the payment page (a seam for tests). */
export const browser = {
  assign: (url: string) => window.location.assign(url),
};
