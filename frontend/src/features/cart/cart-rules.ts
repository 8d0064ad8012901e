/**
 * The cart rules of spec section 4 as one pure reducer. Time comes in on the actions (never read
 * here) so the reducer is deterministic; persistence and server saves live in cart-storage.ts and
 * cart-sync.ts.
 */

/** Same shape as the catalogue's priceInfo (contracts catalogue-schemas), kept loose for old carts. */
export interface CartPriceInfo {
  priceInCents: number;
  currency?: string;
  crossedPriceInCents?: number | null;
}

export interface CartItem {
  id: string;
  title: string;
  creatorName: string;
  priceInfo: CartPriceInfo;
  /** Non-empty means the item is a subscription. */
  subscriptionSlug?: string | null;
}

/** What is stored and exchanged with the server (GET /getCart: cart.productsInCart, cart.lastUpdated). */
export interface CartSnapshot {
  productsInCart: CartItem[];
  /** Epoch ms of the last change; the server may answer an ISO string. */
  lastUpdated: number | string | null;
}

export interface CartState extends CartSnapshot {
  /** "Buy now" bypasses the cart: kept apart so it never disturbs the items already there. */
  buyNowProduct: CartItem | null;
}

export type CartAction =
  | { type: 'add'; item: CartItem; removeAnythingElse?: boolean; now: number }
  | { type: 'addAll'; items: readonly CartItem[]; now: number }
  | { type: 'remove'; id: string; now: number }
  | { type: 'empty'; now: number }
  | { type: 'logout' }
  | { type: 'loginMerge'; server: CartSnapshot; now: number }
  | { type: 'setBuyNow'; item: CartItem | null };

export const emptyCartState = (): CartState => ({ productsInCart: [], lastUpdated: null, buyNowProduct: null });

export const isSubscriptionItem = (item: CartItem): boolean =>
  typeof item.subscriptionSlug === 'string' && item.subscriptionSlug.trim() !== '';

/** Append items whose id is not there yet (also deduplicating within `items`). */
function appendNew(existing: readonly CartItem[], items: readonly CartItem[]): CartItem[] {
  const ids = new Set(existing.map((i) => i.id));
  const out = [...existing];
  for (const item of items) {
    if (ids.has(item.id)) continue;
    ids.add(item.id);
    out.push(item);
  }
  return out;
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add': {
      if (action.removeAnythingElse) return { ...state, productsInCart: [action.item], lastUpdated: action.now };
      // A regular add drops any subscription item; if the item is already there it is refreshed in place.
      const kept = state.productsInCart.filter((i) => !isSubscriptionItem(i));
      const at = kept.findIndex((i) => i.id === action.item.id);
      const productsInCart = at >= 0 ? kept.map((i, n) => (n === at ? action.item : i)) : [...kept, action.item];
      return { ...state, productsInCart, lastUpdated: action.now };
    }
    case 'addAll':
      return { ...state, productsInCart: appendNew(state.productsInCart, action.items), lastUpdated: action.now };
    case 'remove': {
      const productsInCart = state.productsInCart.filter((i) => i.id !== action.id);
      if (productsInCart.length === state.productsInCart.length) return state;
      return { ...state, productsInCart, lastUpdated: action.now };
    }
    case 'empty':
      return { ...state, productsInCart: [], lastUpdated: action.now };
    case 'logout':
      return emptyCartState();
    case 'loginMerge': {
      // Server items win; local items the server lacks are kept after them.
      const server = dedupe(action.server.productsInCart);
      const merged = appendNew(server, state.productsInCart);
      const addedLocal = merged.length > server.length;
      return {
        ...state,
        productsInCart: merged,
        lastUpdated: addedLocal ? action.now : action.server.lastUpdated,
      };
    }
    case 'setBuyNow':
      return { ...state, buyNowProduct: action.item };
  }
}

const dedupe = (items: readonly CartItem[]) => appendNew([], items);

/** Did the merge add local items the server does not have (so the merged cart must be saved)? */
export function mergeAddsLocalItems(local: readonly CartItem[], server: readonly CartItem[]): boolean {
  const serverIds = new Set(server.map((i) => i.id));
  return local.some((i) => !serverIds.has(i.id));
}

/**
 * An item's price: the offer price while the offer is valid, else the crossed (full) price when
 * there is one. This is how priceInfo decides "whether an offer applies" (spec section 3).
 */
export function itemPriceCents(item: CartItem, offerValid: boolean): number {
  const { priceInCents, crossedPriceInCents } = item.priceInfo;
  const hasOffer = typeof crossedPriceInCents === 'number' && crossedPriceInCents > priceInCents;
  return hasOffer && !offerValid ? crossedPriceInCents : priceInCents;
}

export function cartTotalCents(items: readonly CartItem[], offerValid: boolean): number {
  return items.reduce((sum, item) => sum + itemPriceCents(item, offerValid), 0);
}

export const cartProductIds = (items: readonly CartItem[]): string[] => items.map((i) => i.id);
