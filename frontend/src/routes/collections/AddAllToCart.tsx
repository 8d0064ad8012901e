import { Link, useLocation } from 'react-router';
import { formatCents, type Collection } from '../../features/catalogue';
import { productToCartItem, useOptionalCart, withCurrentParams } from '../../features/cart';
import { priceView, useOfferStates } from '../../features/offers';
import { Button, buttonClassName } from '../../ui';

/** "Add all to cart" on a collection or school: every paid class of it, at the prices its offers give. */
export function AddAllToCart({ collection }: { collection: Collection }) {
  const cart = useOptionalCart();
  const location = useLocation();
  const paid = collection.products.filter((p) => p.priceInfo.priceInCents > 0);
  const offers = useOfferStates(paid.map((p) => p.id));
  if (!cart || paid.length === 0) return null;
  const total = paid.reduce((sum, p, i) => sum + priceView(p.priceInfo, offers[i]?.visible ?? false).payCents, 0);
  const missing = paid.filter((p) => !cart.items.some((item) => item.id === p.id));
  if (missing.length === 0)
    return (
      <Link to={withCurrentParams('/cart', location.search)} className={buttonClassName('secondary')}>
        All in your cart — view cart
      </Link>
    );
  return (
    <Button onClick={() => cart.addAllToCart(missing.map(productToCartItem), { showModal: true })}>
      Add all {paid.length} to cart · {formatCents(total)}
    </Button>
  );
}
