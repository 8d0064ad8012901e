import {
  cartProductIds,
  cartReducer,
  cartTotalCents,
  emptyCartState,
  isSubscriptionItem,
  itemPriceCents,
  mergeAddsLocalItems,
  type CartItem,
  type CartState,
} from './cart-rules';

const item = (id: string, extra: Partial<CartItem> = {}): CartItem => ({
  id,
  title: `Class ${id}`,
  creatorName: 'Ada',
  priceInfo: { priceInCents: 1000, currency: 'USD', crossedPriceInCents: null },
  ...extra,
});
const sub = (id: string) => item(id, { subscriptionSlug: 'all-access' });
const cart = (...items: CartItem[]): CartState => ({ ...emptyCartState(), productsInCart: items, lastUpdated: 1 });
const ids = (s: CartState) => s.productsInCart.map((i) => i.id);

describe('cart reducer (spec section 4)', () => {
  it('a regular add appends the item and stamps lastUpdated', () => {
    const s = cartReducer(cart(item('a')), { type: 'add', item: item('b'), now: 50 });
    expect(ids(s)).toEqual(['a', 'b']);
    expect(s.lastUpdated).toBe(50);
  });

  it('a regular add replaces any subscription item', () => {
    expect(ids(cartReducer(cart(item('a'), sub('s1')), { type: 'add', item: item('b'), now: 2 }))).toEqual(['a', 'b']);
    // Adding a subscription replaces the previous subscription too.
    expect(ids(cartReducer(cart(sub('s1'), item('a')), { type: 'add', item: sub('s2'), now: 2 }))).toEqual(['a', 's2']);
  });

  it('a regular add never duplicates: an existing item is refreshed in place', () => {
    const fresh = item('a', { title: 'New title' });
    const s = cartReducer(cart(item('a'), item('b')), { type: 'add', item: fresh, now: 2 });
    expect(ids(s)).toEqual(['a', 'b']);
    expect(s.productsInCart[0].title).toBe('New title');
  });

  it('add with "remove anything else" leaves only that item', () => {
    const s = cartReducer(cart(item('a'), sub('s')), { type: 'add', item: item('b'), removeAnythingElse: true, now: 3 });
    expect(ids(s)).toEqual(['b']);
    expect(s.lastUpdated).toBe(3);
  });

  it('add-all appends several items without duplicates (existing subscriptions stay)', () => {
    const s = cartReducer(cart(sub('s'), item('a')), {
      type: 'addAll',
      items: [item('a'), item('b'), item('c'), item('b')],
      now: 4,
    });
    expect(ids(s)).toEqual(['s', 'a', 'b', 'c']);
  });

  it('remove deletes by id; removing an absent id changes nothing', () => {
    const start = cart(item('a'), item('b'));
    expect(ids(cartReducer(start, { type: 'remove', id: 'a', now: 5 }))).toEqual(['b']);
    expect(cartReducer(start, { type: 'remove', id: 'zzz', now: 5 })).toBe(start);
  });

  it('empty clears the items but keeps a pending buy-now', () => {
    const start = { ...cart(item('a')), buyNowProduct: item('x') };
    const s = cartReducer(start, { type: 'empty', now: 6 });
    expect(s).toEqual({ productsInCart: [], lastUpdated: 6, buyNowProduct: item('x') });
  });

  it('logout clears everything, buy-now included', () => {
    const start = { ...cart(item('a')), buyNowProduct: item('x') };
    expect(cartReducer(start, { type: 'logout' })).toEqual(emptyCartState());
  });

  it('buy-now is set and cleared apart from the cart items', () => {
    const s = cartReducer(cart(item('a')), { type: 'setBuyNow', item: item('x') });
    expect(ids(s)).toEqual(['a']);
    expect(s.buyNowProduct?.id).toBe('x');
    expect(s.lastUpdated).toBe(1);
    expect(cartReducer(s, { type: 'setBuyNow', item: null }).buyNowProduct).toBeNull();
  });

  describe('login merge', () => {
    it('server items win, local items the server lacks are kept after them', () => {
      const local = cart(item('a', { title: 'local a' }), item('l'));
      const server = { productsInCart: [item('a', { title: 'server a' }), item('s')], lastUpdated: '2026-01-01T00:00:00Z' };
      const s = cartReducer(local, { type: 'loginMerge', server, now: 9 });
      expect(ids(s)).toEqual(['a', 's', 'l']);
      expect(s.productsInCart[0].title).toBe('server a');
      expect(s.lastUpdated).toBe(9);
      expect(mergeAddsLocalItems(local.productsInCart, server.productsInCart)).toBe(true);
    });

    it('keeps the server lastUpdated when nothing local was added, and dedupes server items', () => {
      const server = { productsInCart: [item('a'), item('a'), item('b')], lastUpdated: 77 };
      const s = cartReducer(cart(item('b')), { type: 'loginMerge', server, now: 9 });
      expect(ids(s)).toEqual(['a', 'b']);
      expect(s.lastUpdated).toBe(77);
      expect(mergeAddsLocalItems([item('b')], server.productsInCart)).toBe(false);
    });

    it('an empty local cart takes the server cart', () => {
      const server = { productsInCart: [item('a')], lastUpdated: null };
      expect(ids(cartReducer(emptyCartState(), { type: 'loginMerge', server, now: 1 }))).toEqual(['a']);
    });
  });
});

describe('cart helpers', () => {
  it('a subscription item has a non-empty subscriptionSlug', () => {
    expect(isSubscriptionItem(sub('s'))).toBe(true);
    expect(isSubscriptionItem(item('a'))).toBe(false);
    expect(isSubscriptionItem(item('a', { subscriptionSlug: '  ' }))).toBe(false);
    expect(isSubscriptionItem(item('a', { subscriptionSlug: null }))).toBe(false);
  });

  it('prices: the offer price while the offer is valid, else the crossed price', () => {
    const discounted = item('d', { priceInfo: { priceInCents: 4900, crossedPriceInCents: 9900 } });
    expect(itemPriceCents(discounted, true)).toBe(4900);
    expect(itemPriceCents(discounted, false)).toBe(9900);
    expect(itemPriceCents(item('p'), false)).toBe(1000);
    // A crossed price that is not higher is no offer.
    expect(itemPriceCents(item('q', { priceInfo: { priceInCents: 500, crossedPriceInCents: 400 } }), false)).toBe(500);
    expect(cartTotalCents([discounted, item('p')], true)).toBe(5900);
    expect(cartTotalCents([discounted, item('p')], false)).toBe(10900);
    expect(cartTotalCents([], true)).toBe(0);
  });

  it('product ids in cart order', () => {
    expect(cartProductIds([item('b'), item('a')])).toEqual(['b', 'a']);
  });
});
