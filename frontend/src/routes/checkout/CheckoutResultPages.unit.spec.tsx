import '../../features/catalogue/testing/dom-polyfills';
import { act, screen } from '@testing-library/react';
import { setAccessToken } from '../../api/token-store';
import { CART_STORAGE_KEY } from '../../features/cart/cart-storage';
import { PENDING_CHECKOUT_STORAGE_KEY } from '../../features/payments';
import { cartItem as item, jsonResponse as json, renderPage, routes, storeCart } from '../testing/render-page';
import { CheckoutCancelPage, CheckoutSuccessPage } from './CheckoutResultPages';

// The realtime socket: a plain emitter the test pushes messages through.
const handlers = new Map<string, Set<(payload: unknown) => void>>();
const fakeSocket = {
  connected: true,
  on: (event: string, handler: (payload: unknown) => void) => {
    if (!handlers.has(event)) handlers.set(event, new Set());
    handlers.get(event)!.add(handler);
  },
  off: (event: string, handler: (payload: unknown) => void) => handlers.get(event)?.delete(handler),
};
jest.mock('../../features/realtime/socket', () => ({ getSocket: () => fakeSocket }));
const push = (event: string, payload: unknown) => handlers.get(event)?.forEach((h) => h(payload));

let status: Record<string, unknown> = {};
const fetchMock = jest.fn((url: RequestInfo | URL) =>
  Promise.resolve(
    String(url).startsWith('/api/payments/checkout-sessions/cs_test_1')
      ? json({ status: 'success', response: status })
      : json({ offers: [] }),
  ),
);

const session = (over: Record<string, unknown>) => ({
  sessionId: 'cs_test_1',
  status: 'pending',
  mode: 'payment',
  productIds: ['a'],
  amountTotalInCents: 4900,
  subscription: null,
  createdAt: '2026-11-21T07:00:00.000Z',
  completedAt: null,
  ...over,
});

function renderAt(path: string) {
  renderPage(routes({ '/checkout/success': <CheckoutSuccessPage />, '/checkout/cancel': <CheckoutCancelPage /> }), {
    path,
    cart: true,
  });
}

beforeEach(() => {
  handlers.clear();
  localStorage.clear();
  sessionStorage.clear();
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  setAccessToken('token');
});

describe('checkout success page', () => {
  it('waits for the webhook, then turns into the receipt when the checkout push arrives, and empties the cart', async () => {
    storeCart([item('a'), item('b')]);
    sessionStorage.setItem(
      PENDING_CHECKOUT_STORAGE_KEY,
      JSON.stringify({ sessionId: 'cs_test_1', source: 'cart', productIds: ['a'] }),
    );
    status = session({ status: 'pending' });
    renderAt('/checkout/success?session_id=cs_test_1');
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();

    // the webhook lands: the server records the purchase and pushes to the buyer
    status = session({ status: 'completed', completedAt: '2026-11-21T07:01:00.000Z' });
    await act(async () =>
      push('commerce:checkout-updated', {
        sessionId: 'cs_test_1',
        status: 'completed',
        mode: 'payment',
        productIds: ['a'],
        subscriptionId: null,
        at: '2026-11-21T07:01:00.000Z',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Thank you — it is yours' })).toBeInTheDocument();
    expect(screen.getByText('$49 paid. 1 class is in your library now.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Purchased' })).toHaveTextContent('Class a');
    expect(screen.getByRole('link', { name: 'Go to your library' })).toHaveAttribute('href', '/library');
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(PENDING_CHECKOUT_STORAGE_KEY)).toBeNull();
  });

  it('ignores pushes about other checkouts', async () => {
    status = session({ status: 'pending' });
    renderAt('/checkout/success?session_id=cs_test_1');
    await screen.findByRole('heading', { name: 'Confirming your payment…' });
    await act(async () =>
      push('commerce:checkout-updated', {
        sessionId: 'cs_test_other',
        status: 'completed',
        mode: 'payment',
        productIds: [],
        subscriptionId: null,
        at: '',
      }),
    );
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
  });

  it('says so when the payment failed, keeping the cart', async () => {
    storeCart([item('a')]);
    status = session({ status: 'failed' });
    renderAt('/checkout/success?session_id=cs_test_1');
    expect(await screen.findByRole('heading', { name: 'The payment did not go through' })).toBeInTheDocument();
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
  });

  it('welcomes a new member after a subscription checkout', async () => {
    status = session({
      status: 'completed',
      mode: 'subscription',
      productIds: [],
      subscription: { status: 'trialing', trialDaysRemaining: 7, planDisplayName: 'Yearly' },
    });
    renderAt('/checkout/success?session_id=cs_test_1');
    expect(await screen.findByRole('heading', { name: 'Welcome to the membership' })).toBeInTheDocument();
    expect(screen.getByText('Your free trial is on: 7 days left.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('checkout cancel page', () => {
  it('says nothing was charged and keeps the cart', async () => {
    storeCart([item('a')]);
    sessionStorage.setItem(
      PENDING_CHECKOUT_STORAGE_KEY,
      JSON.stringify({ sessionId: 'cs_test_1', source: 'cart', productIds: ['a'] }),
    );
    status = session({ status: 'pending' });
    renderAt('/checkout/cancel');
    expect(await screen.findByRole('heading', { name: 'Nothing was charged', level: 2 })).toBeInTheDocument();
    // the page says "Checkout canceled" once, in its title, not again in the card below it
    expect(screen.getAllByText('Checkout canceled')).toHaveLength(1);
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
  });
});
