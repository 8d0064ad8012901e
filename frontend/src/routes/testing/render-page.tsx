// What the route specs render pages with: the providers a page reads (query client, auth, router,
// cart), a JSON answer for a mocked fetch, and a cart of items. Import dom-polyfills first, as before.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setAccessToken } from '../../api/token-store';
import { AuthContext, type AuthContextValue } from '../../features/auth/AuthContext';
import { CartProvider, type CartApi, type CartItem } from '../../features/cart';
import { CART_STORAGE_KEY } from '../../features/cart/cart-storage';

/** A fetch answer carrying `body` as JSON. */
export const jsonResponse = (body: unknown, status = 200) =>
  ({ ok: status < 400, status, text: () => Promise.resolve(JSON.stringify(body)) }) as Response;

/** Every fetch of the spec goes to `fetchMock` (its calls cleared before each test); each test ends signed out. */
export function answerFetchWith(fetchMock: jest.Mock) {
  beforeEach(() => {
    fetchMock.mockClear();
    global.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => setAccessToken(null));
}

/** A server cart that never answers: the page works from the cart kept in the browser. */
export const idleServerCart: CartApi = { getCart: () => new Promise(() => undefined), saveCart: async () => undefined };

/** A cart line for class `id` at `priceInCents`. */
export const cartItem = (id: string, priceInCents = 4900, extra: Partial<CartItem> = {}): CartItem => ({
  id,
  title: `Class ${id}`,
  creatorName: 'Ada',
  priceInfo: { priceInCents, currency: 'USD', crossedPriceInCents: null },
  ...extra,
});

/** Keeps `items` as the browser's cart. */
export const storeCart = (items: CartItem[]) =>
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ productsInCart: items, lastUpdated: 1 }));

/** Routes of a spec: each path with the page it shows. */
export function routes(pages: Record<string, ReactElement>) {
  return (
    <Routes>
      {Object.entries(pages).map(([path, page]) => (
        <Route key={path} path={path} element={page} />
      ))}
    </Routes>
  );
}

/**
 * Renders `page` at `path` inside a fresh query client (no retries unless `client` is given), the
 * router and, when asked, an auth context and the cart (with the idle server cart).
 */
export function renderPage(
  page: ReactElement,
  {
    path = '/',
    auth,
    cart = false,
    client,
  }: { path?: string; auth?: AuthContextValue; cart?: boolean; client?: QueryClient } = {},
) {
  let tree = cart ? <CartProvider api={idleServerCart}>{page}</CartProvider> : page;
  tree = <MemoryRouter initialEntries={[path]}>{tree}</MemoryRouter>;
  if (auth) tree = <AuthContext.Provider value={auth}>{tree}</AuthContext.Provider>;
  return render(
    <QueryClientProvider client={client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {tree}
    </QueryClientProvider>,
  );
}
