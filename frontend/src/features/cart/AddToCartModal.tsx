import { Link, useLocation } from 'react-router';
import { Modal, buttonClassName } from '../../ui';
import { CartItemPrice } from './CartItemPrice';
import { withCurrentParams } from './cart-items';
import type { CartItem } from './cart-rules';

export interface AddToCartModalProps {
  items: CartItem[];
  cartCount: number;
  onClose: () => void;
}

/** After "Add to cart": what was added, at what price, and where to go next (shared modal rules). */
export function AddToCartModal({ items, cartCount, onClose }: AddToCartModalProps) {
  const location = useLocation();
  const title = items.length === 1 ? 'Added to your cart' : `${items.length} classes added to your cart`;
  return (
    <Modal open onClose={onClose} title={title} size="small">
      <ul className="added-items" aria-label="Added">
        {items.map((item) => (
          <li key={item.id} className="added-items__item">
            <span className="added-items__text">
              <span className="added-items__title">{item.title}</span>
              {item.creatorName && <span className="muted added-items__creator">{item.creatorName}</span>}
            </span>
            <CartItemPrice item={item} />
          </li>
        ))}
      </ul>
      <p className="muted added-items__count">
        {cartCount} {cartCount === 1 ? 'item' : 'items'} in your cart
      </p>
      <div className="added-items__actions">
        <button type="button" className={buttonClassName('secondary', 'medium')} onClick={onClose}>
          Continue browsing
        </button>
        <Link to={withCurrentParams('/cart', location.search)} className={buttonClassName('primary', 'medium')} onClick={onClose}>
          Go to cart
        </Link>
      </div>
    </Modal>
  );
}
