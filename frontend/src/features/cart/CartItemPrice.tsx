import { PriceLabel, priceView, useOfferVisibility } from '../offers';
import type { CartItem } from './cart-rules';

/** A cart item's price: products follow their offer; a membership item shows its plan price. */
export function CartItemPrice({ item, className }: { item: CartItem; className?: string }) {
  const subscription = Boolean(item.subscriptionSlug);
  const { visible } = useOfferVisibility(subscription ? null : item.id);
  return <PriceLabel view={priceView(item.priceInfo, visible)} className={className} />;
}
