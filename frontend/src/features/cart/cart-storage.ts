/**
 * The cart in local storage under CART_STORAGE_KEY (spec section 4). Reads never throw: a cart
 * written by an older build, hand-edited or cut short must not break the page, so anything
 * unreadable becomes an empty cart and malformed items are dropped one by one.
 */
import { CART_STORAGE_KEY } from '../auth';
import type { CartItem, CartSnapshot } from './cart-rules';

export { CART_STORAGE_KEY };

function defaultStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const emptySnapshot = (): CartSnapshot => ({ productsInCart: [], lastUpdated: null });

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keep an item only when it has what the cart needs: an id and a numeric price. */
export function toCartItem(value: unknown): CartItem | null {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '') return null;
  const price = value.priceInfo;
  if (!isRecord(price) || typeof price.priceInCents !== 'number' || !Number.isFinite(price.priceInCents)) return null;
  const crossed = price.crossedPriceInCents;
  return {
    id: value.id,
    title: typeof value.title === 'string' ? value.title : '',
    creatorName: typeof value.creatorName === 'string' ? value.creatorName : '',
    priceInfo: {
      priceInCents: price.priceInCents,
      ...(typeof price.currency === 'string' ? { currency: price.currency } : {}),
      crossedPriceInCents: typeof crossed === 'number' && Number.isFinite(crossed) ? crossed : null,
    },
    ...(typeof value.subscriptionSlug === 'string' && value.subscriptionSlug !== ''
      ? { subscriptionSlug: value.subscriptionSlug }
      : {}),
  };
}

/** Parse a stored (or server) cart; duplicates by id keep the first. */
export function parseCart(raw: string | null | undefined): CartSnapshot {
  if (!raw) return emptySnapshot();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return emptySnapshot();
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.productsInCart)) return emptySnapshot();
  const seen = new Set<string>();
  const productsInCart: CartItem[] = [];
  for (const entry of parsed.productsInCart) {
    const item = toCartItem(entry);
    if (!item || seen.has(item.id)) continue;
    seen.add(item.id);
    productsInCart.push(item);
  }
  const lu = parsed.lastUpdated;
  const lastUpdated = (typeof lu === 'number' && Number.isFinite(lu)) || typeof lu === 'string' ? lu : null;
  return { productsInCart, lastUpdated };
}

export function readStoredCart(storage: Storage | null = defaultStorage()): CartSnapshot {
  try {
    return parseCart(storage?.getItem(CART_STORAGE_KEY));
  } catch {
    return emptySnapshot();
  }
}

/** Only the snapshot fields are written (buy-now stays in memory). Answers whether it was kept. */
export function writeStoredCart(cart: CartSnapshot, storage: Storage | null = defaultStorage()): boolean {
  if (!storage) return false;
  try {
    const snapshot: CartSnapshot = { productsInCart: cart.productsInCart, lastUpdated: cart.lastUpdated };
    storage.setItem(CART_STORAGE_KEY, JSON.stringify(snapshot));
    return true;
  } catch {
    // Quota or privacy mode: the in-memory cart still works for this page.
    return false;
  }
}

export function clearStoredCart(storage: Storage | null = defaultStorage()): void {
  try {
    storage?.removeItem(CART_STORAGE_KEY);
  } catch {
    /* nothing stored */
  }
}
