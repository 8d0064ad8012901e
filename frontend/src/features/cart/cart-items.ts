import { CAMPAIGN_PARAMS } from '../attribution';
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

/**
 * The query params a cart or checkout link carries on (spec section 2): the campaign attribution (utm_*,
 * ref, code, friend, ..., and p for the VIP audience) and the purchase's session, school and discount —
 * what payment_info is built from. Anything else of the page (a session_id, a builder's appId or tab) stays there.
 */
export const CARRIED_PARAMS: ReadonlySet<string> = new Set([
  ...CAMPAIGN_PARAMS,
  'session_slug',
  'school_slug',
  'school',
  'discount_code',
]);

/** /cart (or /checkout) with the page's carried query params (attribution, p) and nothing else. */
export function withCurrentParams(path: string, search: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(search)) if (CARRIED_PARAMS.has(key)) params.append(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
