import { CART_STORAGE_KEY as AUTH_CART_KEY, readCartItemCount } from '../auth/auth-storage';
import { CART_STORAGE_KEY, clearStoredCart, parseCart, readStoredCart, toCartItem, writeStoredCart } from './cart-storage';
import type { CartItem } from './cart-rules';

const item: CartItem = {
  id: 'a',
  title: 'A',
  creatorName: 'Ada',
  priceInfo: { priceInCents: 1000, currency: 'USD', crossedPriceInCents: 2000 },
};

beforeEach(() => window.localStorage.clear());

describe('cart storage', () => {
  it('uses the key sign-out clears', () => {
    expect(CART_STORAGE_KEY).toBe('sparkhouse.cart');
    expect(CART_STORAGE_KEY).toBe(AUTH_CART_KEY);
  });

  it('round-trips a cart, and the header count reads it', () => {
    expect(writeStoredCart({ productsInCart: [item], lastUpdated: 5 })).toBe(true);
    expect(readStoredCart()).toEqual({ productsInCart: [item], lastUpdated: 5 });
    expect(readCartItemCount()).toBe(1);
  });

  it('writes only the snapshot fields (no buy-now)', () => {
    writeStoredCart({ productsInCart: [], lastUpdated: null, buyNowProduct: item } as never);
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!)).toEqual({ productsInCart: [], lastUpdated: null });
  });

  it('tolerates missing, bad JSON and wrong shapes', () => {
    const empty = { productsInCart: [], lastUpdated: null };
    expect(readStoredCart()).toEqual(empty);
    for (const raw of ['{not json', 'null', '[]', '"x"', '{"productsInCart":"nope"}', '{}']) {
      window.localStorage.setItem(CART_STORAGE_KEY, raw);
      expect(readStoredCart()).toEqual(empty);
    }
  });

  it('drops malformed items and duplicates, keeps a string or number lastUpdated', () => {
    const raw = JSON.stringify({
      productsInCart: [
        item,
        { id: 'a', priceInfo: { priceInCents: 1 } },
        { id: 'x' },
        null,
        3,
        { id: '', priceInfo: { priceInCents: 1 } },
        { id: 'b', priceInfo: { priceInCents: 7 }, subscriptionSlug: 'all' },
      ],
      lastUpdated: '2026-01-01T00:00:00Z',
    });
    const cart = parseCart(raw);
    expect(cart.productsInCart.map((i) => i.id)).toEqual(['a', 'b']);
    expect(cart.productsInCart[1]).toEqual({
      id: 'b',
      title: '',
      creatorName: '',
      priceInfo: { priceInCents: 7, crossedPriceInCents: null },
      subscriptionSlug: 'all',
    });
    expect(cart.lastUpdated).toBe('2026-01-01T00:00:00Z');
    expect(parseCart(JSON.stringify({ productsInCart: [], lastUpdated: { x: 1 } })).lastUpdated).toBeNull();
  });

  it('toCartItem rejects a non-numeric price', () => {
    expect(toCartItem({ id: 'a', priceInfo: { priceInCents: '10' } })).toBeNull();
    expect(toCartItem({ id: 'a', priceInfo: { priceInCents: Number.NaN } })).toBeNull();
  });

  it('clear removes the stored cart', () => {
    writeStoredCart({ productsInCart: [item], lastUpdated: 1 });
    clearStoredCart();
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('never throws when storage is missing or failing', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(readStoredCart(broken)).toEqual({ productsInCart: [], lastUpdated: null });
    expect(writeStoredCart({ productsInCart: [item], lastUpdated: 1 }, broken)).toBe(false);
    expect(() => clearStoredCart(broken)).not.toThrow();
    expect(readStoredCart(null)).toEqual({ productsInCart: [], lastUpdated: null });
    expect(writeStoredCart({ productsInCart: [], lastUpdated: 1 }, null)).toBe(false);
  });
});
