import './cart.css';

export { CartProvider, type CartProviderProps } from './CartProvider';
export { useCart, useOptionalCart, CartContext, type CartContextValue, type AddToCartOptions } from './CartContext';
export { CartIcon } from './CartIcon';
export { CartItemPrice } from './CartItemPrice';
export { defaultCartApi, fromServerCart, type CartApi } from './cart-api';
export { productToCartItem, membershipCartItem, splitSubscriptionSlug, withCurrentParams, MEMBERSHIP_SLUG } from './cart-items';
export { cartTotalCents, itemPriceCents, isSubscriptionItem, type CartItem } from './cart-rules';
