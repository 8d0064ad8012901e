import { commerce } from '../../api/routes';
import { callApi } from '../../api/call-api';
import { updateCartBody } from './cart-sync';
import { toCartItem } from './cart-storage';
import type { CartItem, CartSnapshot } from './cart-rules';

/** The server side of the cart: GET /getCart and POST /updateCart (signed-in users only, spec section 5). */
export interface CartApi {
  getCart(): Promise<CartSnapshot>;
  saveCart(items: readonly CartItem[], offerValid: boolean): Promise<unknown>;
}

/** A server cart as the reducer reads it; items the client cannot use are dropped. */
export function fromServerCart(cart: { productsInCart: unknown[]; lastUpdated: string | null }): CartSnapshot {
  const items = cart.productsInCart.map(toCartItem).filter((item): item is CartItem => item !== null);
  return { productsInCart: items, lastUpdated: cart.lastUpdated };
}

export const defaultCartApi: CartApi = {
  async getCart() {
    const { cart } = await callApi(commerce.getCart);
    return fromServerCart(cart);
  },
  saveCart(items, offerValid) {
    // The server keeps catalogue products only; the membership (a subscription item) lives in this browser's cart.
    const products = items.filter((item) => !item.subscriptionSlug);
    return callApi(commerce.updateCart, { body: updateCartBody(products, offerValid) });
  },
};
