import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCart } from '../../features/cart';
import { ErrorState, formatCents, LoadingState, SignInGate } from '../../features/catalogue';
import {
  clearPendingCheckout,
  invalidateAfterCheckout,
  readPendingCheckout,
  useCheckoutStatusLive,
  type CheckoutStatusAnswer,
} from '../../features/payments';
import { buttonClassName, LinkButtons, Spinner, PageHeader, usePageTitle } from '../../ui';
import './checkout.css';

/** Once the purchase is recorded: the cart no longer holds what was paid, and owned things are re-read. */
function useSettleCart(status: CheckoutStatusAnswer | undefined) {
  const cart = useCart();
  const queryClient = useQueryClient();
  const settled = useRef<string | null>(null);
  useEffect(() => {
    if (status?.status !== 'completed' || settled.current === status.sessionId) return;
    settled.current = status.sessionId;
    const pending = readPendingCheckout();
    const source = pending?.sessionId === status.sessionId ? pending.source : 'cart';
    if (source === 'cart') cart.emptyCart();
    else if (source === 'membership') cart.items.filter((i) => i.subscriptionSlug).forEach((i) => cart.removeFromCart(i.id));
    else status.productIds.forEach((id) => cart.removeFromCart(id));
    cart.setBuyNowProduct(null);
    clearPendingCheckout();
    invalidateAfterCheckout(queryClient);
  }, [status, cart, queryClient]);
}

function Pending() {
  return (
    <section className="card checkout-result" role="status" aria-live="polite" aria-labelledby="result-title">
      <Spinner size={28} />
      <h2 id="result-title">Confirming your payment…</h2>
      <p className="muted">
        We are waiting for the payment provider to confirm it. This page updates by itself — there is no need to reload.
      </p>
    </section>
  );
}

function Completed({ status, titles }: { status: CheckoutStatusAnswer; titles: string[] }) {
  if (status.mode === 'subscription') {
    const sub = status.subscription;
    return (
      <section className="card checkout-result checkout-result--done" role="status" aria-labelledby="result-title">
        <p className="eyebrow">Membership</p>
        <h2 id="result-title">Welcome to the membership</h2>
        <p className="muted">
          {sub?.status === 'trialing'
            ? `Your free trial is on: ${sub.trialDaysRemaining} ${sub.trialDaysRemaining === 1 ? 'day' : 'days'} left.`
            : `${sub?.planDisplayName ?? 'Your plan'} is active.`}
        </p>
        <LinkButtons
          primary={{ to: '/dashboard', label: 'Go to Dashboard' }}
          secondary={{ to: '/library', label: 'Go to your library' }}
        />
      </section>
    );
  }
  const count = status.productIds.length;
  return (
    <section className="card checkout-result checkout-result--done" role="status" aria-labelledby="result-title">
      <p className="eyebrow">Payment complete</p>
      <h2 id="result-title">Thank you — it is yours</h2>
      <p className="muted">
        {formatCents(status.amountTotalInCents)} paid. {count} {count === 1 ? 'class is' : 'classes are'} in your library now.
      </p>
      {titles.length > 0 && (
        <ul className="checkout-result__items" aria-label="Purchased">
          {titles.map((title) => (
            <li key={title}>{title}</li>
          ))}
        </ul>
      )}
      <Link to="/library" className={buttonClassName('primary')}>
        Go to your library
      </Link>
    </section>
  );
}

function NotPaid({ status }: { status: CheckoutStatusAnswer['status'] }) {
  return (
    <section className="card checkout-result" role="alert" aria-labelledby="result-title">
      <h2 id="result-title">{status === 'expired' ? 'This checkout expired' : 'The payment did not go through'}</h2>
      <p className="muted">Nothing was charged. Your cart is still here when you want to try again.</p>
      <Link to="/cart" className={buttonClassName('primary')}>
        Back to your cart
      </Link>
    </section>
  );
}

function CheckoutOutcome({ sessionId }: { sessionId: string }) {
  const cart = useCart();
  const query = useCheckoutStatusLive(sessionId);
  // Titles are read before the cart empties, so the page can still name what was bought.
  const [titles, setTitles] = useState<string[]>([]);
  useEffect(() => {
    const ids = query.data?.productIds ?? [];
    const found = [...cart.items, ...(cart.buyNowProduct ? [cart.buyNowProduct] : [])].filter((i) => ids.includes(i.id));
    if (found.length > 0) setTitles((current) => (current.length > 0 ? current : found.map((i) => i.title)));
  }, [query.data?.productIds, cart.items, cart.buyNowProduct]);
  useSettleCart(query.data);

  if (query.isPending) return <LoadingState label="Checking your payment" />;
  if (query.isError)
    return <ErrorState title="Could not check this payment" error={query.error} onRetry={() => void query.refetch()} />;
  const status = query.data;
  if (status.status === 'pending') return <Pending />;
  if (status.status === 'completed') return <Completed status={status} titles={titles} />;
  return <NotPaid status={status.status} />;
}

/**
 * A page the payment provider sends the buyer back to: its title, then (for the buyer's account only)
 * what `children` shows of the checkout session, named in the address or kept by this tab.
 */
function CheckoutReturnPage({
  title,
  signInTitle,
  children,
}: {
  title: string;
  signInTitle: string;
  children: (sessionId: string | null) => ReactNode;
}) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? readPendingCheckout()?.sessionId ?? null;
  usePageTitle(title);
  return (
    <div className="page checkout-page">
      <PageHeader eyebrow="Checkout" title={title} />
      <SignInGate title={signInTitle} reason="Purchases belong to your account.">
        {children(sessionId)}
      </SignInGate>
    </div>
  );
}

/** /checkout/success?session_id=…: the real state of the purchase, updated live when the webhook lands. */
export function CheckoutSuccessPage() {
  return (
    <CheckoutReturnPage title="Your purchase" signInTitle="Sign in to see your purchase">
      {(sessionId) =>
        sessionId ? (
          <CheckoutOutcome sessionId={sessionId} />
        ) : (
          <ErrorState title="No payment to show" error={new Error('This address does not name a checkout.')} />
        )
      }
    </CheckoutReturnPage>
  );
}

function Canceled({ sessionId }: { sessionId: string | null }) {
  const query = useCheckoutStatusLive(sessionId);
  useSettleCart(query.data);
  // A session paid in another tab before coming back here is shown as what it is.
  if (sessionId && query.data && query.data.status !== 'pending')
    return query.data.status === 'completed' ? (
      <Completed status={query.data} titles={[]} />
    ) : (
      <NotPaid status={query.data.status} />
    );
  return (
    <section className="card checkout-result" aria-labelledby="result-title">
      <h2 id="result-title">Nothing was charged</h2>
      <p className="muted">Your cart is kept, so you can pick up where you left off.</p>
      <LinkButtons primary={{ to: '/cart', label: 'Back to your cart' }} secondary={{ to: '/browse', label: 'Keep browsing' }} />
    </section>
  );
}

/** /checkout/cancel: the buyer left the payment page; the session (if this tab started one) is checked too. */
export function CheckoutCancelPage() {
  return (
    <CheckoutReturnPage title="Checkout canceled" signInTitle="Sign in to see your checkout">
      {(sessionId) => <Canceled sessionId={sessionId} />}
    </CheckoutReturnPage>
  );
}
