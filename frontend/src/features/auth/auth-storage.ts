/**
 * Local storage keys the auth feature reads or clears. The cart and VIP gate belong to later
 * features; their keys are fixed here so sign-out can clear them (spec section 4).
 */
export const CART_STORAGE_KEY = 'sparkhouse.cart';
/** The VIP gate state (offers shown to the p=vip audience); cleared on sign-out. */
export const VIP_GATE_STORAGE_KEY = 'sparkhouse.vipGate';
/** Where requireSignIn keeps the address to open after signing in (session storage: this tab only). */
export const AUTH_REDIRECT_STORAGE_KEY = 'sparkhouse.auth.redirect';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readCartItemCount(): number {
  try {
    const raw = storage()?.getItem(CART_STORAGE_KEY);
    if (!raw) return 0;
    const cart = JSON.parse(raw) as { productsInCart?: unknown };
    return Array.isArray(cart.productsInCart) ? cart.productsInCart.length : 0;
  } catch {
    return 0;
  }
}

export function storeRedirect(to: string | null): void {
  try {
    if (to) window.sessionStorage.setItem(AUTH_REDIRECT_STORAGE_KEY, to);
    else window.sessionStorage.removeItem(AUTH_REDIRECT_STORAGE_KEY);
  } catch {
    /* not kept: the user lands by the other rules */
  }
}

export function takeStoredRedirect(): string | null {
  try {
    const value = window.sessionStorage.getItem(AUTH_REDIRECT_STORAGE_KEY);
    window.sessionStorage.removeItem(AUTH_REDIRECT_STORAGE_KEY);
    return value;
  } catch {
    return null;
  }
}

/** Sign-out forgets the cart and the VIP gate of this browser. */
export function clearSignedInStorage(): void {
  try {
    window.localStorage.removeItem(CART_STORAGE_KEY);
    window.localStorage.removeItem(VIP_GATE_STORAGE_KEY);
  } catch {
    /* nothing stored */
  }
}
