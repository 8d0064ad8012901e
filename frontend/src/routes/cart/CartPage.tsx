import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthContext } from '../../features/auth';
import { CartItemPrice, useCart, withCurrentParams, type CartItem } from '../../features/cart';
import { EmptyState, formatCents, useSignedIn } from '../../features/catalogue';
import { priceView, useOfferStates } from '../../features/offers';
import { monthlyCreditQuery } from '../../features/payments';
import { Button, buttonClassName, PageHeader, usePageTitle } from '../../ui';
import { MembershipOffer } from '../../features/payments/lazy';
import '../checkout/order.css';
import './cart.css';

/** What the cart costs with each product's offer rule applied (the same rule the prices show). */
function useCartTotals(items: readonly CartItem[]): { subtotal: number; classes: number } {
  const states = useOfferStates(items.map((item) => (item.subscriptionSlug ? null : item.id)));
  let subtotal = 0;
  let classes = 0;
  items.forEach((item, i) => {
    const cents = priceView(item.priceInfo, states[i]?.visible ?? false).payCents;
    subtotal += cents;
    if (!item.subscriptionSlug) classes += cents;
  });
  return { subtotal, classes };
}

function CartLine({ item, onRemove }: { item: CartItem; onRemove: () => void }) {
  return (
    <li className="cart-line">
      <div className="cart-line__text">
        <span className="cart-line__title">{item.title}</span>
        <span className="muted cart-line__creator">
          {item.subscriptionSlug ? 'Membership · plan chosen at checkout' : `by ${item.creatorName}`}
        </span>
      </div>
      <CartItemPrice item={item} className="cart-line__price" />
      <Button variant="transparent" size="small" onClick={onRemove} aria-label={`Remove ${item.title} from the cart`}>
        Remove
      </Button>
    </li>
  );
}

/** Monthly credit in cents: GET /getMonthlyCreditForUser for signed-in users; a failure counts as zero. */
function useCreditCents(): number {
  const signedIn = useSignedIn();
  const credit = useQuery({ ...monthlyCreditQuery(), enabled: signedIn });
  return signedIn ? (credit.data ?? 0) : 0;
}

export function CartPage() {
  const cart = useCart();
  const auth = useContext(AuthContext);
  const navigate = useNavigate();
  const location = useLocation();
  const { subtotal, classes } = useCartTotals(cart.items);
  const creditCents = useCreditCents();
  // Credit is spent first, on classes (a membership is billed by its plan).
  const creditApplied = Math.min(creditCents, classes);

  usePageTitle('Your cart');

  const checkoutPath = withCurrentParams('/checkout', location.search);
  const checkout = () => {
    cart.flush();
    // Checkout needs an account: signed-out visitors sign in first and land on checkout (stored redirect).
    if (auth && !auth.requireSignIn(checkoutPath)) return;
    navigate(checkoutPath);
  };

  return (
    <div className="page cart-page">
      <PageHeader eyebrow="Cart" title="Your cart" />
      {cart.items.length === 0 ? (
        <>
          <EmptyState title="Your cart is empty">
            <p className="muted">Classes you add to your cart wait here until you check out.</p>
            <Link to={withCurrentParams('/browse', location.search)} className={buttonClassName('primary')}>
              Explore classes
            </Link>
          </EmptyState>
          <MembershipOffer />
        </>
      ) : (
        <div className="cart-layout">
          <section aria-labelledby="cart-items-title" className="card cart-items">
            <h2 id="cart-items-title" className="visually-hidden">
              Items
            </h2>
            <ul className="cart-lines" aria-label="Items in your cart">
              {cart.items.map((item) => (
                <CartLine key={item.id} item={item} onRemove={() => cart.removeFromCart(item.id)} />
              ))}
            </ul>
          </section>
          <aside className="card cart-summary" aria-label="Order summary">
            <p className="cart-summary__row">
              <span>
                {cart.count} {cart.count === 1 ? 'item' : 'items'}
              </span>
              <span>{formatCents(subtotal)}</span>
            </p>
            {creditApplied > 0 && (
              <p className="cart-summary__row cart-summary__credit">
                <span>{formatCents(creditCents)} credit applied first</span>
                <span>−{formatCents(creditApplied)}</span>
              </p>
            )}
            <p className="cart-summary__row cart-summary__total">
              <span>Total</span>
              <span data-testid="cart-total">{formatCents(subtotal - creditApplied)}</span>
            </p>
            <Button size="large" fullWidth onClick={checkout}>
              Checkout
            </Button>
            {!auth?.signedIn && <p className="muted cart-summary__hint">You will sign in or create an account first.</p>}
            <Button variant="transparent" size="small" onClick={() => cart.emptyCart()}>
              Empty the cart
            </Button>
          </aside>
        </div>
      )}
    </div>
  );
}
