import '../../features/catalogue/testing/dom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AuthContext, type AuthContextValue } from '../../features/auth/AuthContext';
import { setAccessToken } from '../../api/token-store';
import { HomePage } from './HomePage';

jest.mock('./HomeHero', () => ({ HomeHero: () => null }));
jest.mock('./ProductShelf', () => ({ ProductShelf: () => null }));
jest.mock('./AppIdeaBuilder', () => ({ AppIdeaBuilder: () => null }));
jest.mock('./VipOffer', () => ({ VipOffer: () => null }));
jest.mock('./HomeBanner', () => ({ useHomeBanner: () => () => null }));
jest.mock('../../features/payments/MembershipOffer', () => ({ MembershipOffer: () => null }));

let role: string | null = null;
const fetchMock = jest.fn((url: RequestInfo | URL) => {
  const path = String(url).split('?')[0];
  const body = path === '/api/operations/me' ? { status: 'success', response: { role, canAct: true } } : {};
  return Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify(body)) } as Response);
});
beforeEach(() => {
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => setAccessToken(null));

function renderHome(signedIn: boolean) {
  if (signedIn) setAccessToken('token');
  const value = { signedIn, session: null } as unknown as AuthContextValue;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={value}>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('the home page', () => {
  it('shows visitors the creators card but no operations console card', () => {
    renderHome(false);
    expect(screen.getByRole('heading', { name: 'From prompt to published app' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Operations console' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open the console' })).toBeNull();
  });

  it('shows the operations console card to its users', async () => {
    role = 'operator';
    renderHome(true);
    expect(await screen.findByRole('heading', { name: 'Operations console' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open the console' }).getAttribute('href')).toBe('/ops'));
  });
});
