import '../../features/catalogue/testing/dom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { setAccessToken } from '../../api/token-store';
import { AuthContext, type AuthContextValue } from '../../features/auth/AuthContext';
import { CartProvider, type CartApi, type CartItem } from '../../features/cart';
import { CART_STORAGE_KEY } from '../../features/cart/cart-storage';
import { CartPage } from './CartPage';

const item = (id: string, priceInCents: number, extra: Partial<CartItem> = {}): CartItem => ({
  id,
  title: `Class ${id}`,
  creatorName: 'Ada Keys',
  priceInfo: { priceInCents, currency: 'USD', crossedPriceInCents: null },
  ...extra,
});
const json = (body: unknown, status = 200) =>
  ({ ok: status < 400, status, text: () => Promise.resolve(JSON.stringify(body)) }) as Response;

let credit: Response = json({ monthlyCreditInfo: { monthlyCredit: 0 } });
const fetchMock = jest.fn((url: RequestInfo | URL) =>
  Promise.resolve(String(url).startsWith('/api/getMonthlyCreditForUser') ? credit : json({ offers: [] })),
);
const serverCart: CartApi = { getCart: () => new Promise(() => undefined), saveCart: async () => undefined };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderCart(path: string, auth: Partial<AuthContextValue>) {
  const value = { session: null, signedIn: false, requireSignIn: jest.fn(() => false), ...auth } as unknown as AuthContextValue;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={value}>
        <MemoryRouter initialEntries={[path]}>
          <CartProvider api={serverCart}>
            <Routes>
              <Route path="/cart" element={<CartPage />} />
              <Route path="/checkout" element={<Where />} />
            </Routes>
          </CartProvider>
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return value;
}

const storeCart = (items: CartItem[]) =>
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ productsInCart: items, lastUpdated: 1 }));

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
