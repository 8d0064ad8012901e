import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { buildPaymentInfo, readAttribution, readNoPriceOffer } from '../../features/attribution';
import { AuthContext, sessionIdentity } from '../../features/auth';
import { productToCartItem, splitSubscriptionSlug, useCart, withCurrentParams, type CartItem } from '../../features/cart';
import { EmptyState, ErrorState, formatCents, LoadingState, productQuery, useSignInState } from '../../features/catalogue';
import { PriceLabel } from '../../features/offers';
import {
  browser,
  CHECKOUT_CANCEL_PATH,
  CHECKOUT_SUCCESS_PATH,
  createCheckoutSession,
  formatPriceCents,
  invalidateAfterCheckout,
  isYearlyOption,
  paymentOptionsQuery,
  purchaseItems,
  quoteQuery,
  savePendingCheckout,
  type PendingCheckout,
  type PurchaseAnswer,
  type QuoteAnswer,
} from '../../features/payments';
import { Button, buttonClassName, InlineAlert, RadioOption, PageHeader, usePageTitle } from '../../ui';
import './order.css';
import './checkout.css';

/** payment_info of the purchase (spec section 3): the stored attribution and the checkout's own query params. */
function usePaymentInfo() {
  const [params] = useSearchParams();
  return useMemo(
    () =>
      buildPaymentInfo({
        attribution: readAttribution(Date.now()),
        noPriceOffer: readNoPriceOffer(),
        sessionSlug: params.get('session_slug') ?? params.get('slug'),
        schoolSlug: params.get('school_slug') ?? params.get('school'),
        discountCode: params.get('discount_code') ?? params.get('code'),
        referrer: params.get('ref'),
        p: params.get('p'),
      }),
    [params],
  );
}

const SETTLEMENT_LABEL: Record<QuoteAnswer['lines'][number]['settlement'], string> = {
  owned: 'Already yours',
  free: 'Free',
  credit: 'Paid with credit',
  card: '',
};

function OrderLines({ quote }: { quote: QuoteAnswer }) {
  return (
    <ul className="checkout-lines" aria-label="Your order">
      {quote.lines.map((line) => (
        <li key={line.productId} className="checkout-line">
          <span className="checkout-line__title">{line.title}</span>
          <span className="checkout-line__price">
            {line.settlement === 'card' || line.settlement === 'credit' ? (
              <PriceLabel
                view={{
                  payCents: line.priceInCents,
                  crossedCents: line.offerApplied && line.fullPriceInCents > line.priceInCents ? line.fullPriceInCents : null,
                }}
              />
            ) : null}
            {SETTLEMENT_LABEL[line.settlement] && <span className="tag">{SETTLEMENT_LABEL[line.settlement]}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Everything was free, paid with credit or already owned: no card page, the purchase is done. */
function Done({ result }: { result: PurchaseAnswer }) {
  const count = result.purchasedProductIds.length;
  return (
    <section className="card checkout-done" role="status" aria-labelledby="checkout-done-title">
      <p className="eyebrow">Done</p>
      <h2 id="checkout-done-title">{count > 0 ? 'It is yours' : 'You already own everything here'}</h2>
      <p className="muted">
        {count > 0
          ? `${count} ${count === 1 ? 'class is' : 'classes are'} in your library now${
              result.creditSpentInCents > 0 ? `, ${formatCents(result.creditSpentInCents)} of credit spent` : ''
            }.`
          : 'Nothing was charged.'}
      </p>
      <Link to="/library" className={buttonClassName('primary')}>
        Go to your library
      </Link>
    </section>
  );
}

/** Classes: the server's quote (offer prices, owned, free, credit), then /purchaseItems and the payment page. */
function ProductsCheckout({
  items,
  source,
  onDone,
}: {
  items: CartItem[];
  source: PendingCheckout['source'];
  onDone: (result: PurchaseAnswer) => void;
}) {
  const cart = useCart();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const paymentInfo = usePaymentInfo();
  const productIds = useMemo(() => items.map((i) => i.id), [items]);
  const quote = useQuery(quoteQuery({ payment_info: paymentInfo, product_ids: productIds }, params.get('p')));
  const pay = useMutation({
    mutationFn: () =>
      purchaseItems({
        payment_info: paymentInfo,
        product_ids: productIds,
        success_url: CHECKOUT_SUCCESS_PATH,
        cancel_url: CHECKOUT_CANCEL_PATH,
      }),
    onSuccess: (result) => {
      if (result.url && result.sessionId) {
        savePendingCheckout({ sessionId: result.sessionId, source, productIds: result.checkoutProductIds });
        browser.assign(result.url);
        return;
      }
      // Completed here (free, credit, owned): the cart has nothing left to pay.
      if (source === 'cart') cart.emptyCart();
      else productIds.forEach((id) => cart.removeFromCart(id));
      cart.setBuyNowProduct(null);
      invalidateAfterCheckout(queryClient);
      onDone(result);
    },
  });

  if (quote.isPending) return <LoadingState label="Preparing your order" />;
  if (quote.isError)
    return <ErrorState title="Could not prepare your order" error={quote.error} onRetry={() => void quote.refetch()} />;

  const q = quote.data;
  const cardTotal = q.cardTotalInCents;
  const leaving = pay.isSuccess && Boolean(pay.data.url);
  return (
    <div className="checkout-layout">
      <section className="card checkout-order" aria-labelledby="order-title">
        <h2 id="order-title" className="checkout-section-title">
          Your order
        </h2>
        <OrderLines quote={q} />
      </section>
      <aside className="card checkout-summary" aria-label="Payment">
        {q.creditToSpendInCents > 0 && (
          <p className="checkout-summary__row checkout-summary__credit">
            <span>{formatCents(q.creditAvailableInCents)} credit applied first</span>
            <span>−{formatCents(q.creditToSpendInCents)}</span>
          </p>
        )}
        <p className="checkout-summary__row checkout-summary__total">
          <span>To pay by card</span>
          <span data-testid="checkout-total">{formatCents(cardTotal)}</span>
        </p>
        <Button size="large" fullWidth loading={pay.isPending || leaving} onClick={() => pay.mutate()}>
          {cardTotal > 0 ? `Pay ${formatCents(cardTotal)}` : 'Get it now'}
        </Button>
        {cardTotal > 0 && <p className="muted checkout-summary__hint">You will pay on our payment provider’s secure page.</p>}
        <InlineAlert error={pay.isError ? errorMessage(pay.error) : null} />
      </aside>
    </div>
  );
}

/** "Buy now" (/checkout?product_id=…): the kept buy-now product, or the product read from the catalogue. */
function BuyNowCheckout({ productId, onDone }: { productId: string; onDone: (result: PurchaseAnswer) => void }) {
  const cart = useCart();
  const kept = cart.buyNowProduct?.id === productId ? cart.buyNowProduct : null;
  const product = useQuery({ ...productQuery(productId), enabled: !kept });
  const items = useMemo(
    () => (kept ? [kept] : product.data ? [productToCartItem(product.data.product)] : null),
    [kept, product.data],
  );
  if (items) return <ProductsCheckout items={items} source="buy-now" onDone={onDone} />;
  if (product.isError)
    return <ErrorState title="Could not load this class" error={product.error} onRetry={() => void product.refetch()} />;
  return <LoadingState label="Loading the class" />;
}

/** A subscription item: choose a plan (yearly first and preselected), then the payment page in subscription mode. */
function SubscriptionCheckout({ item }: { item: CartItem }) {
  const auth = useContext(AuthContext);
  const slugs = splitSubscriptionSlug(item.subscriptionSlug ?? '');
  const options = useQuery({
    ...paymentOptionsQuery(slugs?.storefrontSlug ?? '', slugs?.appSlug ?? ''),
    enabled: Boolean(slugs),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen ?? options.data?.defaultSelectedId ?? null;
  const userId = sessionIdentity(auth?.session ?? null)?.userId ?? '';
  const paymentInfo = usePaymentInfo();

  const start = useMutation({
    mutationFn: async (priceOptionId: string) => {
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(paymentInfo)) if (typeof value === 'string') metadata[key] = value;
      return createCheckoutSession({
        userId,
        storefrontSlug: slugs!.storefrontSlug,
        appSlug: slugs!.appSlug,
        priceOptionId,
        successUrl: CHECKOUT_SUCCESS_PATH,
        cancelUrl: CHECKOUT_CANCEL_PATH,
        metadata,
      });
    },
    onSuccess: (session) => {
      savePendingCheckout({ sessionId: session.sessionId, source: 'membership', productIds: [] });
      browser.assign(session.url);
    },
  });

  if (!slugs)
    return <ErrorState title="This membership cannot be bought here" error={new Error('Failed to fetch payment options')} />;
  if (options.isPending) return <LoadingState label="Loading the plans" />;
  if (options.isError)
    return <ErrorState title="Could not load the plans" error={options.error} onRetry={() => void options.refetch()} />;
  const plans = options.data.payment_options;
  if (plans.length === 0)
    return (
      <ErrorState
        title="No plans to choose from"
        error={new Error('Failed to fetch payment options')}
        onRetry={() => void options.refetch()}
      />
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected) start.mutate(selected);
  };
  const plan = plans.find((p) => p.id === selected);
  return (
    <form className="checkout-layout" onSubmit={submit}>
      <section className="card checkout-order" aria-labelledby="plans-title">
        <h2 id="plans-title" className="checkout-section-title">
          {item.title}
        </h2>
        {options.data.selectPlanText && <p className="muted">{options.data.selectPlanText}</p>}
        <fieldset className="plan-options">
          <legend className="visually-hidden">Choose a plan</legend>
          {plans.map((option) => (
            <RadioOption
              key={option.id}
              name="plan"
              value={option.id}
              checked={selected === option.id}
              onChange={() => setChosen(option.id)}
              label={
                <span className="plan-option__label">
                  <span>{option.displayName}</span>
                  <span className="plan-option__price">
                    {formatPriceCents(option.price, option.currency)}
                    <span className="muted">
                      {' '}
                      /{' '}
                      {isYearlyOption(option)
                        ? 'year'
                        : option.duration > 1
                          ? `${option.duration} ${option.durationUnit}s`
                          : option.durationUnit}
                    </span>
                  </span>
                </span>
              }
              description={[
                isYearlyOption(option) ? `${formatPriceCents(option.monthlyPrice, option.currency)} a month` : null,
                option.trialDays > 0 ? `${option.trialDays}-day free trial` : null,
                option.periodCreditInCents > 0
                  ? `${formatPriceCents(option.periodCreditInCents, option.currency)} credit each period`
                  : null,
                option.description || null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          ))}
        </fieldset>
      </section>
      <aside className="card checkout-summary" aria-label="Payment">
        {plan && (
          <p className="checkout-summary__row checkout-summary__total">
            <span>{plan.trialDays > 0 ? `After ${plan.trialDays} free days` : 'To pay by card'}</span>
            <span data-testid="checkout-total">{formatPriceCents(plan.price, plan.currency)}</span>
          </p>
        )}
        <Button type="submit" size="large" fullWidth disabled={!selected} loading={start.isPending || start.isSuccess}>
          {plan && plan.trialDays > 0 ? 'Start free trial' : 'Continue to payment'}
        </Button>
        <p className="muted checkout-summary__hint">You will pay on our payment provider’s secure page.</p>
        <InlineAlert error={start.isError ? errorMessage(start.error) : null} />
      </aside>
    </form>
  );
}

function Checkout() {
  const [params] = useSearchParams();
  const location = useLocation();
  const cart = useCart();
  // Kept here: a completed purchase empties the cart, and the page must still say it is done.
  const [done, setDone] = useState<PurchaseAnswer | null>(null);
  const productId = params.get('product_id');
  if (done) return <Done result={done} />;
  if (productId) return <BuyNowCheckout productId={productId} onDone={setDone} />;
  const subscription = cart.items.find((item) => item.subscriptionSlug);
  if (subscription) return <SubscriptionCheckout item={subscription} />;
  if (cart.items.length === 0)
    return (
      <EmptyState title="Nothing to check out">
        <p className="muted">Your cart is empty.</p>
        <Link to={withCurrentParams('/browse', location.search)} className={buttonClassName('primary')}>
          Explore classes
        </Link>
      </EmptyState>
    );
  return <ProductsCheckout items={cart.items} source="cart" onDone={setDone} />;
}

/** /checkout: carries the current query params; signed-in only (visitors sign in and come back here). */
export function CheckoutPage() {
  const signIn = useSignInState();
  const auth = useContext(AuthContext);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  usePageTitle('Checkout');
  return (
    <div className="page checkout-page">
      <PageHeader eyebrow="Checkout" title="Checkout">
        <p>
          <Link to={withCurrentParams('/cart', location.search)}>Back to your cart</Link>
        </p>
      </PageHeader>
      {signIn === 'signedIn' ? (
        <Checkout />
      ) : signIn === 'restoring' ? (
        <LoadingState label="Signing you in" />
      ) : (
        <section className="card sign-in-prompt" aria-labelledby="checkout-sign-in">
          <h2 id="checkout-sign-in">Sign in to check out</h2>
          <p className="muted">Your purchases live with your account, so you can watch them on any device.</p>
          <Button onClick={() => auth?.requireSignIn(here)}>Sign in</Button>
        </section>
      )}
    </div>
  );
}
