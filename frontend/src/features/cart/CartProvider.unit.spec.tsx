import '../catalogue/testing/dom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { AuthContext, type AuthContextValue } from '../auth/AuthContext';
import type { AuthSession } from '../auth/auth-session';
import { makeJwt } from '../auth/test-support/tokens';
import type { CartApi } from './cart-api';
import type { CartItem, CartSnapshot } from './cart-rules';
import { CART_STORAGE_KEY } from './cart-storage';
import { useCart } from './CartContext';
import { CartProvider } from './CartProvider';

const item = (id: string, priceInCents = 1000, extra: Partial<CartItem> = {}): CartItem => ({
  id,
  title: `Class ${id}`,
  creatorName: 'Ada',
  priceInfo: { priceInCents, currency: 'USD', crossedPriceInCents: null },
  ...extra,
});

const sessionFor = (sub: string): AuthSession => ({
  idToken: makeJwt({ sub, email: `${sub}@example.com` }),
  accessToken: makeJwt({ sub }),
  refreshToken: 'r',
  clockDrift: 0,
});

/** A fake server cart: what GET /getCart answers and every POST /updateCart body. */
function fakeApi(server: CartSnapshot) {
  const saves: string[][] = [];
  let resolveGet: (() => void) | null = null;
  const api: CartApi & { saves: string[][]; holdGet: () => void; releaseGet: () => void } = {
    saves,
    getCart: jest.fn(async () => {
      if (resolveGet === null) return server;
      await new Promise<void>((resolve) => (resolveGet = resolve));
      return server;
    }),
    saveCart: jest.fn(async (items) => {
      saves.push(items.map((i) => i.id));
    }),
    holdGet: () => {
      resolveGet = () => undefined;
    },
    releaseGet: () => resolveGet?.(),
  };
  return api;
}

let cart: ReturnType<typeof useCart>;
function Probe() {
  cart = useCart();
  return <output data-testid="ids">{cart.items.map((i) => i.id).join(',')}</output>;
}

/** The provider under an auth context whose session the test switches (sign in / sign out). */
function Harness({ api, initial }: { api: CartApi; initial: AuthSession | null }) {
  const [session, setSession] = useState<AuthSession | null>(initial);
  const auth = { session, signedIn: Boolean(session) } as AuthContextValue;
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter>
          <CartProvider api={api} offerValid={() => true} retryDelayMs={() => 10}>
            <Probe />
          </CartProvider>
        </MemoryRouter>
        <button onClick={() => setSession(sessionFor('user-1'))}>sign in</button>
        <button onClick={() => setSession(null)}>sign out</button>
      </AuthContext.Provider>
    </QueryClientProvider>
  );
}

const ids = () => screen.getByTestId('ids').textContent;
const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as CartSnapshot | null;

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
  // offer lookups of the modal's prices: no offers
  global.fetch = jest.fn(() =>
    Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve('{"offers":[]}') } as Response),
  ) as unknown as typeof fetch;
});
afterEach(() => jest.useRealTimers());

describe('CartProvider', () => {
  it('keeps a visitor cart in local storage under the product-named key, never saving it to the server', async () => {
    const api = fakeApi({ productsInCart: [], lastUpdated: null });
    render(<Harness api={api} initial={null} />);
    act(() => cart.addToCart(item('a')));
    act(() => cart.addAllToCart([item('b'), item('a'), item('c')]));
    expect(ids()).toBe('a,b,c');
    expect(stored()?.productsInCart.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    await act(async () => jest.advanceTimersByTime(5000));
    expect(api.getCart).not.toHaveBeenCalled();
    expect(api.saveCart).not.toHaveBeenCalled();
  });

  it('a regular add replaces the subscription item; "remove anything else" leaves a single item', () => {
    render(<Harness api={fakeApi({ productsInCart: [], lastUpdated: null })} initial={null} />);
    act(() => cart.addToCart(item('membership', 9900, { subscriptionSlug: 'sparkhouse/membership' })));
    act(() => cart.addToCart(item('a')));
    expect(ids()).toBe('a');
    act(() => cart.addToCart(item('b')));
    act(() => cart.addToCart(item('c'), { removeAnythingElse: true }));
    expect(ids()).toBe('c');
  });

  it('on sign-in merges with the server cart (server items first, local ones kept) and saves the merged cart 1.5 s later', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ productsInCart: [item('local'), item('both')], lastUpdated: 1 }));
    const api = fakeApi({ productsInCart: [item('server'), item('both', 2000)], lastUpdated: '2026-11-01T00:00:00.000Z' });
    render(<Harness api={api} initial={null} />);
    expect(ids()).toBe('local,both');

    fireEvent.click(screen.getByText('sign in'));
    await act(async () => undefined);
    expect(api.getCart).toHaveBeenCalledTimes(1);
    expect(ids()).toBe('server,both,local');
    // the server's copy of a shared item wins
    expect(cart.items.find((i) => i.id === 'both')?.priceInfo.priceInCents).toBe(2000);

    await act(async () => jest.advanceTimersByTime(1499));
    expect(api.saves).toEqual([]);
    await act(async () => jest.advanceTimersByTime(1));
    expect(api.saves).toEqual([['server', 'both', 'local']]);
  });

  it('does not save before the merge has completed, then debounces changes into one save', async () => {
    const api = fakeApi({ productsInCart: [item('server')], lastUpdated: null });
    api.holdGet();
    render(<Harness api={api} initial={null} />);
    fireEvent.click(screen.getByText('sign in'));
    act(() => cart.addToCart(item('early')));
    await act(async () => jest.advanceTimersByTime(3000));
    expect(api.saveCart).not.toHaveBeenCalled();

    await act(async () => api.releaseGet());
    expect(ids()).toBe('server,early');
    await act(async () => jest.advanceTimersByTime(1500));
    expect(api.saves).toEqual([['server', 'early']]);

    act(() => cart.addToCart(item('x')));
    await act(async () => jest.advanceTimersByTime(1000));
    act(() => cart.removeFromCart('server'));
    await act(async () => jest.advanceTimersByTime(1000));
    expect(api.saves).toHaveLength(1);
    await act(async () => jest.advanceTimersByTime(500));
    expect(api.saves).toEqual([
      ['server', 'early'],
      ['early', 'x'],
    ]);
  });

  it('items removed (or the cart emptied) before the server cart arrives stay removed, and the server is told', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ productsInCart: [item('paid'), item('kept')], lastUpdated: 1 }));
    const api = fakeApi({ productsInCart: [item('paid'), item('kept'), item('other')], lastUpdated: null });
    api.holdGet();
    render(<Harness api={api} initial={sessionFor('user-1')} />);
    act(() => cart.removeFromCart('paid'));
    await act(async () => api.releaseGet());
    expect(ids()).toBe('kept,other');
    await act(async () => jest.advanceTimersByTime(1500));
    expect(api.saves).toEqual([['kept', 'other']]);
  });

  it('a cart emptied after a purchase, before the merge, is not refilled by the server cart', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ productsInCart: [item('paid')], lastUpdated: 1 }));
    const api = fakeApi({ productsInCart: [item('paid')], lastUpdated: null });
    api.holdGet();
    render(<Harness api={api} initial={sessionFor('user-1')} />);
    act(() => cart.emptyCart());
    await act(async () => api.releaseGet());
    expect(ids()).toBe('');
    await act(async () => jest.advanceTimersByTime(1500));
    expect(api.saves).toEqual([[]]);
  });

  it('a server cart that already holds everything is not saved back', async () => {
    const api = fakeApi({ productsInCart: [item('a')], lastUpdated: null });
    render(<Harness api={api} initial={null} />);
    fireEvent.click(screen.getByText('sign in'));
    await act(async () => jest.advanceTimersByTime(3000));
    expect(ids()).toBe('a');
    expect(api.saveCart).not.toHaveBeenCalled();
  });

  it('sign-out clears the cart and its stored copy, and drops a pending save', async () => {
    const api = fakeApi({ productsInCart: [item('a')], lastUpdated: null });
    render(<Harness api={api} initial={sessionFor('user-1')} />);
    await act(async () => undefined);
    expect(ids()).toBe('a');
    act(() => cart.addToCart(item('b')));
    expect(stored()?.productsInCart).toHaveLength(2);

    fireEvent.click(screen.getByText('sign out'));
    expect(ids()).toBe('');
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    await act(async () => jest.advanceTimersByTime(5000));
    expect(api.saveCart).not.toHaveBeenCalled();
  });

  it('keeps the local cart and never overwrites the server one when the server cart cannot be read', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ productsInCart: [item('local')], lastUpdated: 1 }));
    const api = fakeApi({ productsInCart: [], lastUpdated: null });
    (api.getCart as jest.Mock).mockRejectedValue(new Error('down'));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<Harness api={api} initial={sessionFor('user-1')} />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(api.getCart).toHaveBeenCalledTimes(4);
    act(() => cart.addToCart(item('b')));
    await act(async () => jest.advanceTimersByTime(5000));
    expect(ids()).toBe('local,b');
    expect(api.saveCart).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('emptying runs the callback after clearing; the add-to-cart modal offers to keep browsing or go to the cart', async () => {
    render(<Harness api={fakeApi({ productsInCart: [], lastUpdated: null })} initial={null} />);
    act(() => cart.addToCart(item('a', 4900), { showModal: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Added to your cart' });
    expect(dialog).toHaveTextContent('Class a');
    expect(dialog).toHaveTextContent('$49');
    expect(screen.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    const seen: string[] = [];
    act(() => cart.emptyCart(() => seen.push(ids() ?? '')));
    expect(ids()).toBe('');
    expect(seen).toHaveLength(1);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });
});
