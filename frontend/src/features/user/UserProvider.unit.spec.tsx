import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { AuthContext, type AuthContextValue } from '../auth/AuthContext';
import { makeJwt } from '../auth/test-support/tokens';
import { useUser } from './UserContext';
import { UserProvider } from './UserProvider';

const json = (body: unknown, status = 200) =>
  ({ ok: status < 400, status, text: () => Promise.resolve(JSON.stringify(body)) }) as Response;

function Probe() {
  const u = useUser();
  return (
    <p data-testid="user">
      {JSON.stringify({
        loading: u.loadingSubscriptions,
        active: u.hasActiveSubscription,
        trial: u.hasActiveOrTrialSubscription,
        count: u.subscriptions.length,
        error: u.subscriptionError,
      })}
    </p>
  );
}

function renderWith(subscriptions: Response) {
  global.fetch = jest.fn((url: RequestInfo | URL) =>
    Promise.resolve(String(url).startsWith('/api/payments/subscriptions') ? subscriptions : json({}, 404)),
  ) as unknown as typeof fetch;
  const auth = { session: { idToken: makeJwt({ sub: 'user-1' }), accessToken: 't', refreshToken: 'r', clockDrift: 0 } };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={auth as unknown as AuthContextValue}>
        <UserProvider>
          <Probe />
        </UserProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const state = () => JSON.parse(screen.getByTestId('user').textContent ?? '{}');

describe('user context subscriptions', () => {
  it('reads GET /payments/subscriptions: a trial counts as active-or-trial', async () => {
    renderWith(
      json({
        status: 'success',
        response: {
          subscriptions: [{ status: 'trialing', trialDaysRemaining: 5, isTrialExpired: false }],
          hasActiveSubscription: false,
          hasActiveOrTrialSubscription: true,
        },
      }),
    );
    expect(state().loading).toBe(true);
    await screen.findByText(/"count":1/);
    expect(state()).toEqual({ loading: false, active: false, trial: true, count: 1, error: null });
  });

  it("reports 'Failed to fetch subscription status' when the call fails", async () => {
    renderWith(json({ status: 'error', error: 'Forbidden', code: 'FORBIDDEN' }, 403));
    await screen.findByText(/Failed to fetch subscription status/);
    expect(state()).toMatchObject({ loading: false, active: false, trial: false, count: 0 });
  });
});
