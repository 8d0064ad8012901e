import '../../catalogue/testing/dom-polyfills';
import type { AppInsights } from '@sparkhouse/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { setAccessToken } from '../../../api/token-store';
import { ToastProvider } from '../../../ui';
import InsightsTab from './InsightsTab';

// the charts draw on a canvas jsdom does not have: their titles and descriptions stand in
jest.mock('./DayChart', () => ({
  DayChart: ({ title, description }: { title: string; description: string }) => (
    <figure>
      <figcaption>{title}</figcaption>
      <p>{description}</p>
    </figure>
  ),
}));

const APP_ID = '3f0c9a9e-4a8e-4d7f-9a43-2c1d5e6f7a8b';
const day = (d: string, n = 0) => ({
  day: d,
  views: n,
  visitors: n,
  started: 0,
  completed: 0,
  planReady: 0,
  accounts: 0,
  trials: 0,
  paid: 0,
  churned: 0,
  revenueInCents: 0,
  checkIns: 0,
});
const report = (over: Partial<AppInsights> = {}): AppInsights => ({
  appId: APP_ID,
  days: 30,
  from: '2026-10-30',
  to: '2026-11-28',
  funnel: { views: 0, visitors: 0, started: 0, completed: 0, planReady: 0, accounts: 0, trials: 0, paid: 0 },
  byDay: [day('2026-11-27'), day('2026-11-28')],
  pages: [],
  members: {
    current: 0,
    trialing: 0,
    paying: 0,
    conversions: 0,
    trialsStarted: 0,
    conversionRate: 0,
    churned: 0,
    churnedInRange: 0,
    churnRate: 0,
  },
  checkIns: { rate7d: 0, inRange: 0, cohorts: [] },
  revenue: {
    mrrInCents: 0,
    monthlyPlansInCents: 0,
    annualPlansNormalisedInCents: 0,
    collectedInRangeInCents: 0,
    currency: 'usd',
  },
  ...over,
});
const envelope = (response: unknown) =>
  ({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify({ status: 'success', response })) }) as Response;
const failure = () =>
  ({
    ok: false,
    status: 500,
    text: () => Promise.resolve(JSON.stringify({ status: 'error', error: 'The server is down', code: 'INTERNAL' })),
  }) as Response;

let answers: (() => Response)[] = [];
let failing = false;
const fetchMock = jest.fn((_url: RequestInfo | URL) =>
  Promise.resolve(failing ? failure() : (answers.shift() ?? (() => envelope(report())))()),
);

function renderTab() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <InsightsTab appId={APP_ID} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  failing = false;
  answers = [];
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  setAccessToken('token');
});
afterEach(() => setAccessToken(null));

describe('InsightsTab', () => {
  it('says what failed, retries, and then says there are no visitors yet', async () => {
    failing = true;
    renderTab();
    expect(screen.getByText(/Loading the numbers/)).toBeInTheDocument();
    expect(await screen.findByText('Could not load the Insights')).toBeInTheDocument();
    expect(screen.getByText('The server is down')).toBeInTheDocument();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No visitors yet' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0][0])).toBe(`/api/app-builder/getAppInsights?appId=${APP_ID}&days=30`);
  });

  it('shows the funnel with the share of each step before, the pages, members and revenue, and switches the period', async () => {
    const full = report({
      funnel: { views: 12, visitors: 10, started: 4, completed: 2, planReady: 2, accounts: 1, trials: 1, paid: 1 },
      byDay: [day('2026-11-27', 4), day('2026-11-28', 6)],
      pages: [
        { pageId: 'goal', reached: 4, stopped: 2, dropOff: 0.5 },
        { pageId: 'pace', reached: 2, stopped: 0, dropOff: 0 },
      ],
      members: { ...report().members, current: 1, paying: 1, conversions: 1, trialsStarted: 1, conversionRate: 1 },
      revenue: {
        mrrInCents: 667,
        monthlyPlansInCents: 0,
        annualPlansNormalisedInCents: 667,
        collectedInRangeInCents: 7999,
        currency: 'usd',
      },
    });
    answers = [() => envelope(full), () => envelope({ ...full, days: 7 })];
    renderTab();
    const funnel = await screen.findByRole('list', { name: 'Funnel steps' });
    const steps = within(funnel).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Landing visitors10',
      'Onboarding started440%',
      'Onboarding completed250%',
      'Plan ready2100%',
      'Account created150%',
      'Trial started1100%',
      'Paid1100%',
    ]);
    expect(screen.getByText('12 landing page views in the last 30 days.', { exact: false })).toBeInTheDocument();
    const goal = screen.getByRole('row', { name: /goal/ });
    expect(
      within(goal)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '2', '50%']);
    expect(screen.getByText('$6.67')).toBeInTheDocument();
    expect(screen.getByText('$0 monthly + $6.67 annual ÷ 12')).toBeInTheDocument();
    expect(screen.getByText('Funnel by day')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('12 landing page views in the last 7 days.', { exact: false })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[1][0])).toContain('days=7');
  });
});
