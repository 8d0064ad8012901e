import { Link, useLocation } from 'react-router';
import { Icon } from '../../ui';
import { useOptionalCart } from './CartContext';
import { withCurrentParams } from './cart-items';

/** The header's cart: a link with the item count (read out in its name). */
export function CartIcon() {
  const cart = useOptionalCart();
  const location = useLocation();
  const count = cart?.count ?? 0;
  const label = count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Link to={withCurrentParams('/cart', location.search)} className="icon-button cart-icon" aria-label={label} title="Cart">
      <Icon size={22}>
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" />
        <circle cx="10" cy="20.5" r="1" />
        <circle cx="17" cy="20.5" r="1" />
      </Icon>
      {count > 0 && (
        <span className="cart-icon__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
