import { PriceLabel } from '../offers/OfferPrice';
import { priceView } from '../offers/offer-price';
import { useOfferVisibility } from '../offers/useOfferVisibility';
import type { CartItem } from './cart-rules';

/** A cart item's price: products follow their offer; a membership item shows its plan price. */
export function CartItemPrice({ item, className }: { item: CartItem; className?: string }) {
  const subscription = Boolean(item.subscriptionSlug);
  const { visible } = useOfferVisibility(subscription ? null : item.id);
  return <PriceLabel view={priceView(item.priceInfo, visible)} className={className} />;
}
