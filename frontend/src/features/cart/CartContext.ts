import { createContext, useContext } from 'react';
import type { CartItem } from './cart-rules';

export interface AddToCartOptions {
  /** Spec section 4: set the cart to this single item. */
  removeAnythingElse?: boolean;
  /** Show the add-to-cart modal afterwards (the class, collection and school pages do). */
  showModal?: boolean;
}

/** The cart of spec section 4, as pages see it. */
export interface CartContextValue {
  items: CartItem[];
  count: number;
  /** "Buy now" product, kept apart from the cart. */
  buyNowProduct: CartItem | null;
  /** The login merge with the server cart has completed (server saves run from then on). */
  merged: boolean;
  addToCart: (item: CartItem, options?: AddToCartOptions) => void;
  addAllToCart: (items: readonly CartItem[], options?: Pick<AddToCartOptions, 'showModal'>) => void;
  removeFromCart: (id: string) => void;
  /** Clears the cart, then runs the callback. */
  emptyCart: (callback?: () => void) => void;
  setBuyNowProduct: (item: CartItem | null) => void;
  /** Send a pending server save now (before leaving for checkout). */
  flush: () => void;
}

export const CartContext = createContext<CartContextValue | null>(null);

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside <CartProvider>');
  return value;
}

/** For components that also render outside the provider (unit tests of single pages). */
export const useOptionalCart = (): CartContextValue | null => useContext(CartContext);
