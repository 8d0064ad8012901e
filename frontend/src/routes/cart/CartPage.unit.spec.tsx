import '../../features/catalogue/testing/dom-polyfills';
import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { setAccessToken } from '../../api/token-store';
import type { AuthContextValue } from '../../features/auth/AuthContext';
import type { CartItem } from '../../features/cart';
import { CART_STORAGE_KEY } from '../../features/cart/cart-storage';
import { cartItem, jsonResponse as json, renderPage, routes, storeCart } from '../testing/render-page';
import { CartPage } from './CartPage';

const item = (id: string, priceInCents: number, extra: Partial<CartItem> = {}) =>
  cartItem(id, priceInCents, { creatorName: 'Ada Keys', ...extra });

let credit: Response = json({ monthlyCreditInfo: { monthlyCredit: 0 } });
const fetchMock = jest.fn((url: RequestInfo | URL) =>
  Promise.resolve(String(url).startsWith('/api/getMonthlyCreditForUser') ? credit : json({ offers: [] })),
);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderCart(path: string, auth: Partial<AuthContextValue>) {
  const value = { session: null, signedIn: false, requireSignIn: jest.fn(() => false), ...auth } as unknown as AuthContextValue;
  renderPage(routes({ '/cart': <CartPage />, '/checkout': <Where /> }), { path, auth: value, cart: true });
  return value;
}

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  setAccessToken(null);
  credit = json({ monthlyCreditInfo: { monthlyCredit: 0 } });
});

describe('cart page', () => {
  it('lists items with title, creator and dollar price; removing one updates the total', async () => {
    storeCart([item('a', 4900), item('b', 1250)]);
    renderCart('/cart', {});
    const list = screen.getByRole('list', { name: 'Items in your cart' });
    expect(within(list).getByText('Class a')).toBeInTheDocument();
    expect(within(list).getAllByText('by Ada Keys')).toHaveLength(2);
    expect(within(list).getByText('$12.50')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$61.50');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Class a from the cart' }));
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$12.50');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}').productsInCart).toHaveLength(1);
  });

  it('asks a visitor to sign in on Checkout and stores /checkout with the query params as the redirect', () => {
    storeCart([item('a', 4900)]);
    const auth = renderCart('/cart?p=vip&utm_source=news', {});
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(auth.requireSignIn).toHaveBeenCalledWith('/checkout?p=vip&utm_source=news');
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('a signed-in user sees the monthly credit applied first and goes straight to checkout', async () => {
    setAccessToken('token');
    credit = json({ monthlyCreditInfo: { monthlyCredit: 10 } });
    storeCart([item('a', 4900)]);
    renderCart('/cart?p=vip', { signedIn: true, requireSignIn: jest.fn(() => true) });
    expect(await screen.findByText('$10 credit applied first')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$39');
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/checkout?p=vip');
  });

  it('a failed credit fetch counts as zero credit', async () => {
    setAccessToken('token');
    credit = json({ statusCode: 500, code: 'INTERNAL', message: 'boom' }, 500);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    storeCart([item('a', 4900)]);
    renderCart('/cart', { signedIn: true, requireSignIn: jest.fn(() => true) });
    await screen.findByText('Class a');
    expect(screen.queryByText(/credit applied first/)).toBeNull();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$49');
    warn.mockRestore();
  });

  it('shows the empty state with a way back to the catalogue', () => {
    renderCart('/cart?p=vip', {});
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore classes' })).toHaveAttribute('href', '/browse?p=vip');
  });
});
