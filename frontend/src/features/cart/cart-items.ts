import type { CartItem } from './cart-rules';

/** A catalogue product as a cart item (spec section 3: id, title, creatorName, priceInfo). */
export function productToCartItem(product: {
  id: string;
  title: string;
  creator: { name: string };
  priceInfo: { priceInCents: number; currency: string; crossedPriceInCents: number | null };
}): CartItem {
  return {
    id: product.id,
    title: product.title,
    creatorName: product.creator.name,
    priceInfo: { ...product.priceInfo },
  };
}

/** The platform membership: storefront and app of its payment options (GET /payments/payment-options/sparkhouse/membership). */
export const MEMBERSHIP_SLUG = 'sparkhouse/membership';

/** "storefront/app" of a subscription item. */
export function splitSubscriptionSlug(slug: string): { storefrontSlug: string; appSlug: string } | null {
  const [storefrontSlug, appSlug, ...rest] = slug.split('/');
  if (!storefrontSlug || !appSlug || rest.length > 0) return null;
  return { storefrontSlug, appSlug };
}

/** The membership as a cart item: the plan itself is chosen at checkout, the price shown is the preselected plan's. */
export function membershipCartItem(priceInCents: number, currency = 'USD'): CartItem {
  return {
    id: `subscription:${MEMBERSHIP_SLUG}`,
    title: 'Sparkhouse Membership',
    creatorName: 'Sparkhouse',
    priceInfo: { priceInCents, currency, crossedPriceInCents: null },
    subscriptionSlug: MEMBERSHIP_SLUG,
  };
}

/** /cart (or /checkout) with the current query params carried over (spec section 2). */
export function withCurrentParams(path: string, search: string): string {
  const params = new URLSearchParams(search);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
