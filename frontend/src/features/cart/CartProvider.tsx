import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthContext, sessionIdentity } from '../auth';
import { readNoPriceOffer } from '../attribution';
import { AddToCartModal } from './AddToCartModal';
import { defaultCartApi, type CartApi } from './cart-api';
import { cartReducer, mergeAddsLocalItems, type CartAction, type CartItem, type CartState } from './cart-rules';
import { CART_STORAGE_KEY, clearStoredCart, parseCart, readStoredCart, writeStoredCart } from './cart-storage';
import { createCartSync } from './cart-sync';
import { CartContext, type AddToCartOptions, type CartContextValue } from './CartContext';

/** GET /getCart at login is retried this many times (1 s, 2 s, 4 s apart) before giving up on the merge. */
const MERGE_ATTEMPTS = 4;

export interface CartProviderProps {
  children: ReactNode;
  /** Server calls; the contracts' GET /getCart and POST /updateCart by default. */
  api?: CartApi;
  now?: () => number;
  /** offer_valid of POST /updateCart: whether the offer prices apply to this visitor. */
  offerValid?: () => boolean;
  /** Waits between merge attempts (injected so tests need not sleep). */
  retryDelayMs?: (attempt: number) => number;
}

const initialState = (): CartState => ({ ...readStoredCart(), buyNowProduct: null });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The cart (spec section 4) for the whole page: the pure reducer for the rules, local storage for
 * visitors, and for signed-in users a login merge with the server cart (server wins) followed by a
 * debounced server save 1.5 s after each change. Sign-out clears it.
 */
export function CartProvider({
  children,
  api = defaultCartApi,
  now = Date.now,
  offerValid = () => !readNoPriceOffer(),
  retryDelayMs = (attempt) => 1000 * 2 ** attempt,
}: CartProviderProps) {
  const auth = useContext(AuthContext);
  const userId = useMemo(() => sessionIdentity(auth?.session ?? null)?.userId ?? null, [auth?.session]);
  const [state, setState] = useState<CartState>(initialState);
  const stateRef = useRef(state);
  const [merged, setMerged] = useState(false);
  const [added, setAdded] = useState<CartItem[] | null>(null);

  const deps = useRef({ api, now, offerValid, retryDelayMs });
  deps.current = { api, now, offerValid, retryDelayMs };

  const [sync] = useState(() =>
    createCartSync({
      save: (items) => deps.current.api.saveCart(items, deps.current.offerValid()),
      onError: (error) => console.warn('Saving the cart failed; the next change saves it again', error),
    }),
  );

  /** Apply one action now (so callers can read the result) and keep storage in step. */
  const apply = useCallback((action: CartAction): CartState => {
    const before = stateRef.current;
    const next = cartReducer(before, action);
    if (next === before) return next;
    stateRef.current = next;
    setState(next);
    // Storage follows the items only: an empty cart staying empty leaves whatever is stored alone.
    if (next.productsInCart === before.productsInCart) return next;
    if (next.productsInCart.length > 0) writeStoredCart(next);
    else if (before.productsInCart.length > 0) clearStoredCart();
    return next;
  }, []);

  // Removals made while signed in but before the server cart arrived (e.g. the cart emptied by a
  // completed purchase right after a reload): the merge must not bring those items back.
  const signedInUser = useRef<string | null>(null);
  const removalsBeforeMerge = useRef<CartAction[]>([]);

  /** A user's change: applied, then saved to the server once the login merge is done. */
  const change = useCallback(
    (action: CartAction) => {
      const before = stateRef.current;
      const next = apply(action);
      if (signedInUser.current && !sync.isMerged() && (action.type === 'remove' || action.type === 'empty')) {
        removalsBeforeMerge.current.push(action);
      }
      if (next.productsInCart !== before.productsInCart) sync.changed(next.productsInCart);
      return next;
    },
    [apply, sync],
  );

  // Sign-in merges with the server cart; sign-out (or another user signing in) clears the cart.
  const lastUser = useRef<string | null>(null);
  useEffect(() => {
    const previous = lastUser.current;
    lastUser.current = userId;
    signedInUser.current = userId;
    if (previous !== null && previous !== userId) {
      sync.reset();
      setMerged(false);
      removalsBeforeMerge.current = [];
      apply({ type: 'logout' });
      clearStoredCart();
    }
    if (!userId) return;

    let cancelled = false;
    void (async () => {
      for (let attempt = 0; attempt < MERGE_ATTEMPTS && !cancelled; attempt += 1) {
        try {
          const server = await deps.current.api.getCart();
          if (cancelled) return;
          const local = stateRef.current.productsInCart;
          let next = apply({ type: 'loginMerge', server, now: deps.current.now() });
          const removals = removalsBeforeMerge.current;
          removalsBeforeMerge.current = [];
          for (const removal of removals) next = apply(removal);
          // Save only when the merged cart differs from the server's; otherwise the server already has it.
          const serverIds = server.productsInCart.map((i) => i.id).join(',');
          const differs =
            mergeAddsLocalItems(local, server.productsInCart) || next.productsInCart.map((i) => i.id).join(',') !== serverIds;
          sync.mergeCompleted(differs ? next.productsInCart : undefined);
          setMerged(true);
          return;
        } catch (error) {
          if (attempt === MERGE_ATTEMPTS - 1) {
            // Without the server cart a save could wipe it: keep the local cart and do not save.
            console.warn('Loading the saved cart failed; changes stay on this device', error);
            return;
          }
          await wait(deps.current.retryDelayMs(attempt));
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [userId, apply, sync]);

  // Another tab changed the cart: show the same one here (that tab saves it to the server).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CART_STORAGE_KEY) return;
      const snapshot = parseCart(event.newValue);
      const next = { ...stateRef.current, ...snapshot };
      stateRef.current = next;
      setState(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // A pending save goes out before the page is left.
  useEffect(() => {
    const onPageHide = () => sync.flush();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      sync.flush();
    };
  }, [sync]);

  const addToCart = useCallback(
    (item: CartItem, options: AddToCartOptions = {}) => {
      change({ type: 'add', item, removeAnythingElse: options.removeAnythingElse, now: deps.current.now() });
      if (options.showModal) setAdded([item]);
    },
    [change],
  );

  const addAllToCart = useCallback(
    (items: readonly CartItem[], options: Pick<AddToCartOptions, 'showModal'> = {}) => {
      change({ type: 'addAll', items, now: deps.current.now() });
      if (options.showModal && items.length > 0) setAdded([...items]);
    },
    [change],
  );

  const removeFromCart = useCallback((id: string) => void change({ type: 'remove', id, now: deps.current.now() }), [change]);

  const emptyCart = useCallback(
    (callback?: () => void) => {
      change({ type: 'empty', now: deps.current.now() });
      callback?.();
    },
    [change],
  );

  const setBuyNowProduct = useCallback((item: CartItem | null) => void apply({ type: 'setBuyNow', item }), [apply]);

  const value = useMemo<CartContextValue>(
    () => ({
      items: state.productsInCart,
      count: state.productsInCart.length,
      buyNowProduct: state.buyNowProduct,
      merged,
      addToCart,
      addAllToCart,
      removeFromCart,
      emptyCart,
      setBuyNowProduct,
      flush: sync.flush,
    }),
    [state, merged, addToCart, addAllToCart, removeFromCart, emptyCart, setBuyNowProduct, sync],
  );

  return (
    <CartContext.Provider value={value}>
      {children}
      {added && <AddToCartModal items={added} cartCount={state.productsInCart.length} onClose={() => setAdded(null)} />}
    </CartContext.Provider>
  );
}
