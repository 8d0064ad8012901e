import '../../features/catalogue/testing/dom-polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setAccessToken } from '../../api/token-store';
import type { AuthContextValue } from '../../features/auth/AuthContext';
import { makeJwt } from '../../features/auth/test-support/tokens';
import { CART_STORAGE_KEY } from '../../features/cart/cart-storage';
import { browser, PENDING_CHECKOUT_STORAGE_KEY } from '../../features/payments';
import { cartItem as item, jsonResponse as json, renderPage, routes, storeCart } from '../testing/render-page';
import { CheckoutPage } from './CheckoutPage';

type Route = (url: string, init?: RequestInit) => Response | undefined;
let route: Route = () => undefined;
const fetchMock = jest.fn((url: RequestInfo | URL, init?: RequestInit) =>
  Promise.resolve(route(String(url), init) ?? json({ offers: [] })),
);

const quote = (lines: Array<{ id: string; cents: number; settlement: 'owned' | 'free' | 'credit' | 'card' }>, credit = 0) => ({
  status: 'success',
  response: {
    lines: lines.map((l) => ({
      productId: l.id,
      title: `Class ${l.id}`,
      priceInCents: l.cents,
      fullPriceInCents: l.cents,
      offerApplied: false,
      settlement: l.settlement,
    })),
    creditAvailableInCents: credit,
    creditToSpendInCents: credit,
    cardTotalInCents: lines.filter((l) => l.settlement === 'card').reduce((s, l) => s + l.cents, 0),
  },
});

function renderCheckout(path = '/checkout', auth: Partial<AuthContextValue> = {}) {
  const value = {
    session: { idToken: makeJwt({ sub: 'user-1' }), accessToken: 'token', refreshToken: 'r', clockDrift: 0 },
    signedIn: true,
    requireSignIn: jest.fn(() => true),
    ...auth,
  } as unknown as AuthContextValue;
  renderPage(routes({ '/checkout': <CheckoutPage /> }), { path, auth: value, cart: true });
  return value;
}

let assign: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock.mockClear();
  route = () => undefined;
  global.fetch = fetchMock as unknown as typeof fetch;
  setAccessToken('token');
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());

const bodyOf = (path: string) => {
  const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith(`/api${path}`));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('checkout page', () => {
  it('asks a signed-out visitor to sign in, keeping this address with its query params for afterwards', () => {
    setAccessToken(null);
    const auth = renderCheckout('/checkout?p=vip', { session: null, signedIn: false, requireSignIn: jest.fn(() => false) });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(auth.requireSignIn).toHaveBeenCalledWith('/checkout?p=vip');
  });

  it('says there is nothing to check out when the cart is empty', () => {
    renderCheckout();
    expect(screen.getByRole('heading', { name: 'Nothing to check out' })).toBeInTheDocument();
  });

  it('shows the quote, then sends the cart to /purchaseItems with payment_info and goes to the payment page', async () => {
    storeCart([item('a', 4900), item('b', 1500)]);
    localStorage.setItem(
      'sparkhouse.attribution',
      JSON.stringify({ utm_source: 'news', friend: 'bo', landingPage: '/', timestamp: Date.now() }),
    );
    route = (url) => {
      if (url.startsWith('/api/payments/quote'))
        return json(
          quote([
            { id: 'a', cents: 4900, settlement: 'card' },
            { id: 'b', cents: 1500, settlement: 'owned' },
          ]),
        );
      if (url.startsWith('/api/purchaseItems'))
        return json({
          completed: false,
          url: 'http://localhost/stripe/checkout/cs_test_1',
          sessionId: 'cs_test_1',
          purchasedProductIds: [],
          alreadyOwnedProductIds: ['b'],
          checkoutProductIds: ['a'],
          creditSpentInCents: 0,
          lines: [],
        });
      return undefined;
    };
    renderCheckout('/checkout?discount_code=SAVE10&p=vip');
    const order = await screen.findByRole('list', { name: 'Your order' });
    expect(within(order).getByText('Already yours')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$49');

    fireEvent.click(screen.getByRole('button', { name: 'Pay $49' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/stripe/checkout/cs_test_1'));
    const body = bodyOf('/purchaseItems');
    expect(body.product_ids).toEqual(['a', 'b']);
    expect(body.payment_info).toEqual({
      utm_source: 'news',
      friend: 'bo',
      discountCode: 'SAVE10',
      p: 'vip',
      noPriceOffer: false,
    });
    expect(body.success_url).toBe('/checkout/success?session_id={CHECKOUT_SESSION_ID}');
    expect(JSON.parse(sessionStorage.getItem(PENDING_CHECKOUT_STORAGE_KEY) ?? '{}')).toMatchObject({
      sessionId: 'cs_test_1',
      source: 'cart',
    });
  });

  it('is done at once when everything is covered by credit, and empties the cart', async () => {
    storeCart([item('a', 1000)]);
    route = (url) => {
      if (url.startsWith('/api/payments/quote')) return json(quote([{ id: 'a', cents: 1000, settlement: 'credit' }], 1000));
      if (url.startsWith('/api/purchaseItems'))
        return json({
          completed: true,
          url: null,
          sessionId: null,
          purchasedProductIds: ['a'],
          alreadyOwnedProductIds: [],
          checkoutProductIds: [],
          creditSpentInCents: 1000,
          lines: [],
        });
      return undefined;
    };
    renderCheckout();
    expect(await screen.findByText('$10 credit applied first')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Get it now' }));
    expect(await screen.findByRole('heading', { name: 'It is yours' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your library' })).toHaveAttribute('href', '/library');
    expect(assign).not.toHaveBeenCalled();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("shows 'Failed to create checkout session' when the purchase call fails, and stays", async () => {
    storeCart([item('a', 4900)]);
    route = (url) => {
      if (url.startsWith('/api/payments/quote')) return json(quote([{ id: 'a', cents: 4900, settlement: 'card' }]));
      if (url.startsWith('/api/purchaseItems')) return json({ statusCode: 502, code: 'HTTP_502', message: 'upstream' }, 502);
      return undefined;
    };
    renderCheckout();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $49' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create checkout session');
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows an error with a retry when the order cannot be priced', async () => {
    storeCart([item('a', 4900)]);
    route = (url) =>
      url.startsWith('/api/payments/quote')
        ? json({ statusCode: 503, code: 'X', message: 'Service unavailable' }, 503)
        : undefined;
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Could not prepare your order' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  describe('a membership in the cart', () => {
    const membership = item('subscription:sparkhouse/membership', 9900, { subscriptionSlug: 'sparkhouse/membership' });
    const option = (id: string, durationUnit: string, price: number) => ({
      id,
      price,
      currency: 'USD',
      duration: 1,
      durationUnit,
      monthlyPrice: durationUnit === 'year' ? Math.round(price / 12) : price,
      displayName: durationUnit === 'year' ? 'Yearly' : 'Monthly',
      description: '',
      features: [],
      planCategory: 'membership',
      appId: null,
      priceId: `price_${id}`,
      isRecurring: true,
      paymentProcessor: 'stripe',
      trialDays: 0,
      periodCreditInCents: 0,
      tierSlug: null,
    });
    const options = {
      status: 'success',
      response: {
        // the server sends monthly first here: the page still puts the yearly plan first and preselects it
        payment_options: [option('monthly', 'month', 1500), option('yearly', 'year', 12000)],
        transformation_date: null,
        selectPlanText: 'Pick your plan',
        transformationPromiseByDate: '',
        transformationBubbleText: '',
        continuousAnnualPromise: '',
        prices_in_cents: true,
        defaultSelectedId: 'monthly',
      },
    };

    it('lists the plans yearly first and preselected, and starts a subscription checkout for the chosen one', async () => {
      storeCart([membership]);
      route = (url) => {
        if (url.startsWith('/api/payments/payment-options/sparkhouse/membership')) return json(options);
        if (url.startsWith('/api/payments/create-checkout-session'))
          return json({ status: 'success', response: { url: 'http://pay/cs_test_sub', sessionId: 'cs_test_sub' } });
        return undefined;
      };
      renderCheckout();
      const radios = await screen.findAllByRole('radio');
      expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(['yearly', 'monthly']);
      expect(radios[0]).toBeChecked();
      expect(screen.getByTestId('checkout-total')).toHaveTextContent('$120');
      expect(screen.getByText('$10 a month')).toBeInTheDocument();

      fireEvent.click(radios[1]);
      fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pay/cs_test_sub'));
      expect(bodyOf('/payments/create-checkout-session')).toMatchObject({
        userId: 'user-1',
        storefrontSlug: 'sparkhouse',
        appSlug: 'membership',
        priceOptionId: 'monthly',
      });
    });

    it("shows 'Failed to fetch payment options' when the plans cannot be read", async () => {
      storeCart([membership]);
      route = (url) =>
        url.startsWith('/api/payments/payment-options')
          ? json({ status: 'error', error: 'boom', code: 'INTERNAL' }, 500)
          : undefined;
      renderCheckout();
      expect(await screen.findByText('Failed to fetch payment options')).toBeInTheDocument();
    });

    it("shows 'Failed to create checkout session' when the session cannot be started", async () => {
      storeCart([membership]);
      route = (url) => {
        if (url.startsWith('/api/payments/payment-options')) return json(options);
        if (url.startsWith('/api/payments/create-checkout-session'))
          return json({ status: 'error', error: 'Stripe is down', code: 'INTERNAL' }, 500);
        return undefined;
      };
      renderCheckout();
      fireEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create checkout session');
    });
  });
});
