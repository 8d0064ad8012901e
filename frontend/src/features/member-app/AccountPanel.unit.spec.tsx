import '../catalogue/testing/dom-polyfills';
import type { MemberHome } from '@sparkhouse/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { setAccessToken } from '../../api/token-store';
import { AccountPanel } from './AccountPanel';
import { memberKeys } from './member-app.queries';

const envelope = (response: unknown, status = 200) =>
  ({
    ok: status < 400,
    status,
    text: () =>
      Promise.resolve(
        JSON.stringify(
          status < 400
            ? { status: 'success', response }
            : { status: 'error', error: 'Failed to cancel subscription', code: 'PAYMENT_PROVIDER_FAILED' },
        ),
      ),
  }) as Response;

const address = { storefrontSlug: 'stride', appSlug: 'coach' };
const home = (cancelAtPeriodEnd: boolean): MemberHome => ({
  app: { appId: 'a1', name: 'Stride Coach', storefrontSlug: 'stride', appSlug: 'coach', imageUrl: null, themeColor: '#335577' },
  access: {
    state: 'member',
    subscription: {
      subscriptionId: 'sub_abc123',
      status: 'active',
      planDisplayName: 'Annual',
      trialEnd: null,
      currentPeriodEnd: '2027-03-15T12:00:00.000Z',
      cancelAtPeriodEnd,
      canceledAt: null,
    },
  },
  today: '2026-11-28',
  plan: null,
  progress: {
    phasesDone: 0,
    phaseCount: 0,
    percent: 0,
    sessionsDone: 0,
    streak: 0,
    doneToday: false,
    checkedInToday: false,
    completed: false,
  },
  checkIns: [],
  lessons: [],
  reminders: { slot: null, weeklySummary: false, timeZone: 'UTC', time: null },
});

let answer: (path: string) => Response;
const fetchMock = jest.fn((url: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(answer(String(url).split('?')[0])));

function renderPanel(start: MemberHome) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(memberKeys.home(address, 'u1'), start);
  const view = () => (
    <AccountPanel home={client.getQueryData<MemberHome>(memberKeys.home(address, 'u1'))!} address={address} userId="u1" />
  );
  const r = render(<QueryClientProvider client={client}>{view()}</QueryClientProvider>);
  // the page re-renders the panel from the home query: the tests re-render it from the cache the same way
  client.getQueryCache().subscribe(() => r.rerender(<QueryClientProvider client={client}>{view()}</QueryClientProvider>));
  return client;
}

beforeEach(() => {
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  setAccessToken('token');
});
afterEach(() => setAccessToken(null));

describe('the member app account: cancel and resume', () => {
  it('cancels at period end only after the confirmation, then shows "ends on" and offers to resume', async () => {
    answer = () =>
      envelope({
        subscriptionId: 'sub_abc123',
        status: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: '2027-03-15T12:00:00.000Z',
        trialEnd: null,
      });
    renderPanel(home(false));
    expect(screen.getByTestId('membership-status').textContent).toMatch(/renews on/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel membership' }));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel at period end' }));
    expect(await screen.findByRole('button', { name: 'Resume membership' })).toBeInTheDocument();
    expect(screen.getByTestId('membership-status').textContent).toMatch(/ends on .*2027/);
    expect(fetchMock.mock.calls.map(([url, init]) => [String(url), init?.method])).toEqual([
      ['/api/payments/subscriptions/sub_abc123/cancel', 'POST'],
    ]);
  });

  it('resumes a canceled-at-period-end membership back to renewing', async () => {
    answer = () =>
      envelope({
        subscriptionId: 'sub_abc123',
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: '2027-03-15T12:00:00.000Z',
        trialEnd: null,
      });
    renderPanel(home(true));
    expect(screen.getByTestId('membership-status').textContent).toMatch(/ends on/);
    fireEvent.click(screen.getByRole('button', { name: 'Resume membership' }));
    expect(await screen.findByRole('button', { name: 'Cancel membership' })).toBeInTheDocument();
    expect(screen.getByTestId('membership-status').textContent).toMatch(/renews on/);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/payments/subscriptions/sub_abc123/resume');
  });

  it('a refused cancel shows the error in the confirmation and changes nothing on screen', async () => {
    answer = () => envelope(null, 502);
    renderPanel(home(false));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel membership' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel at period end' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Failed to cancel subscription/);
    expect(screen.getByTestId('membership-status').textContent).toMatch(/renews on/);
  });
});
