import '../../features/catalogue/testing/dom-polyfills';
import { screen, waitFor } from '@testing-library/react';
import type { AuthContextValue } from '../../features/auth/AuthContext';
import { setAccessToken } from '../../api/token-store';
import { SIGNED_OUT_USER, UserContext } from '../../features/user/UserContext';
import type { User } from '../../features/user';
import { answerFetchWith, jsonResponse, renderPage } from '../testing/render-page';
import { HomePage } from './HomePage';

jest.mock('./HomeHero', () => ({ HomeHero: ({ actions }: { actions: React.ReactNode }) => actions }));
jest.mock('./ProductShelf', () => ({ ProductShelf: () => null }));
jest.mock('./AppIdeaBuilder', () => ({ AppIdeaBuilder: () => null }));
jest.mock('./VipOffer', () => ({ VipOffer: () => null }));
jest.mock('./HomeBanner', () => ({ useHomeBanner: () => () => null }));
jest.mock('../../features/payments/MembershipOffer', () => ({ MembershipOffer: () => null }));

let role: string | null = null;
let membership = { membershipStatus: 'inactive', hasActiveSubscription: false, hasActiveOrTrialSubscription: false };
const fetchMock = jest.fn((url: RequestInfo | URL) => {
  const path = String(url).split('?')[0];
  const body =
    path === '/api/operations/me'
      ? { status: 'success', response: { role, canAct: true } }
      : path === '/api/users/getMembershipInfo'
        ? { status: 'success', response: { ...membership, isVip: false, hasActiveClass: false, hasAnyClass: false } }
        : {};
  return Promise.resolve(jsonResponse(body));
});
answerFetchWith(fetchMock);

function renderHome(signedIn: boolean) {
  if (signedIn) setAccessToken('token');
  const value = { signedIn, session: null } as unknown as AuthContextValue;
  // the subscriptions the client read itself say nothing here: the hero follows the server's membership answer
  const user = signedIn ? { ...SIGNED_OUT_USER, user: { userId: 'u-1' } as User } : SIGNED_OUT_USER;
  renderPage(
    <UserContext.Provider value={user}>
      <HomePage />
    </UserContext.Provider>,
    { auth: value },
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

  it('offers the dashboard to a member by the server’s membership answer, the catalogue otherwise', async () => {
    membership = { membershipStatus: 'active', hasActiveSubscription: true, hasActiveOrTrialSubscription: true };
    renderHome(true);
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/users/getMembershipInfo'))).toBe(true);
  });

  it('offers a signed-in learner without a membership the catalogue', async () => {
    membership = { membershipStatus: 'inactive', hasActiveSubscription: false, hasActiveOrTrialSubscription: false };
    renderHome(true);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/users/getMembershipInfo'))).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Explore Classes' })).toHaveAttribute('href', '/browse');
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).toBeNull();
  });
});
