import '../catalogue/testing/dom-polyfills';
import type { SimulatorItem } from '@sparkhouse/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { setAccessToken } from '../../api/token-store';
import { SimulatorItemsPanel } from './builder/SimulatorItems';
import {
  itemListOrEmpty,
  SIMULATOR_ITEMS_BY_APP_STALE_MS,
  SIMULATOR_ITEMS_BY_STEP_STALE_MS,
  simulatorItemsByStepQuery,
  simulatorItemsForAppQuery,
} from './simulator-items.queries';

const APP_ID = '3f0c9a9e-4a8e-4d7f-9a43-2c1d5e6f7a8b';
const item = (n: number, itemType: SimulatorItem['itemType'] = 'plan'): SimulatorItem => ({
  itemId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  itemType,
  testingStepId: `sim-${n}`,
  appId: APP_ID,
  flow: n % 2 ? 'draft' : 'published',
  title: `Item ${n}`,
  summary: `Summary of item ${n}`,
  data: {},
  createdAt: '2026-01-01T00:00:00.000Z',
});
const envelope = (response: unknown) =>
  ({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify({ status: 'success', response })) }) as Response;
const failure = (status: number) =>
  ({
    ok: false,
    status,
    text: () => Promise.resolve(JSON.stringify({ status: 'error', error: 'The database is down.', code: 'INTERNAL' })),
  }) as Response;

const run = async <T,>(options: { queryFn?: unknown }): Promise<T> =>
  (options.queryFn as (ctx: { signal: AbortSignal }) => Promise<T>)({ signal: new AbortController().signal });

describe('simulator items on the client (spec 8 and 9)', () => {
  const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    setAccessToken('creator-token');
  });

  it('a list that fails is an empty list (items [], hasMore false, total 0), logged, with why', async () => {
    const log = jest.fn();
    const boom = new Error('offline');
    await expect(itemListOrEmpty(Promise.reject(boom), 'getSimulatorItemsForApp', log)).resolves.toEqual({
      items: [],
      hasMore: false,
      total: 0,
      failure: 'offline',
    });
    expect(log).toHaveBeenCalledWith('getSimulatorItemsForApp failed; showing no items', boom);
    const answer = { items: [item(1)], hasMore: true, total: 11 };
    await expect(itemListOrEmpty(Promise.resolve(answer), 'x', log)).resolves.toEqual({ ...answer, failure: null });
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('caches 10 s by app and 30 s by testing step; pages start at 1 with 10 items', async () => {
    expect(SIMULATOR_ITEMS_BY_APP_STALE_MS).toBe(10_000);
    expect(SIMULATOR_ITEMS_BY_STEP_STALE_MS).toBe(30_000);
    const byApp = simulatorItemsForAppQuery(APP_ID);
    const byStep = simulatorItemsByStepQuery('sim-1', ['plan']);
    expect(byApp.staleTime).toBe(10_000);
    expect(byStep.staleTime).toBe(30_000);
    // by app and by step are different cache entries
    expect(byApp.queryKey).not.toEqual(byStep.queryKey);

    fetchMock.mockResolvedValue(envelope({ items: [], hasMore: false, total: 0 }));
    await run(byApp);
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(url.pathname).toBe('/api/app-builder/getSimulatorItemsForApp');
    expect(Object.fromEntries(url.searchParams)).toEqual({ appId: APP_ID, page: '1', limit: '10' });
    await run(byStep);
    const stepUrl = new URL(String(fetchMock.mock.calls[1][0]), 'http://localhost');
    expect(Object.fromEntries(stepUrl.searchParams)).toEqual({ testingStepId: 'sim-1', types: 'plan' });
  });

  it('the server failing, signed in and then not, still answers the empty list', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(failure(500));
    await expect(run(simulatorItemsByStepQuery('sim-1'))).resolves.toEqual({
      items: [],
      hasMore: false,
      total: 0,
      failure: 'The database is down.',
    });
  });

  it('shows the items page by page, an empty state, and an error state with a retry', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const pages: Record<string, () => Response> = {
      '1': () => envelope({ items: Array.from({ length: 10 }, (_, i) => item(i + 1)), hasMore: true, total: 12 }),
      '2': () => envelope({ items: [item(11, 'onboarding-answers'), item(12)], hasMore: false, total: 12 }),
    };
    fetchMock.mockImplementation((input) => {
      const page = new URL(String(input), 'http://localhost').searchParams.get('page')!;
      return Promise.resolve(pages[page]());
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const onOpenRun = jest.fn();
    render(
      <QueryClientProvider client={client}>
        <SimulatorItemsPanel appId={APP_ID} onOpenRun={onOpenRun} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading what the simulator recorded');
    const list = await screen.findByRole('list', { name: 'Simulator items' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(screen.getByText('12 items, newest first.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open run: plan “Item 2”' }));
    expect(onOpenRun).toHaveBeenCalledWith({ testingStepId: 'sim-2', flow: 'published' });

    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Item 11')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();

    // the server fails: the empty list stands for it, and the panel says so with a way to try again
    pages['1'] = () => failure(500);
    fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
    await client.invalidateQueries();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load what the simulator recorded');
    pages['1'] = () => envelope({ items: [], hasMore: false, total: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing recorded yet')).toBeInTheDocument();
  });
});
