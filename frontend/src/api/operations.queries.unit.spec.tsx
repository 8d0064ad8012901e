import '../features/catalogue/testing/dom-polyfills';
import type { JobRunView } from '@sparkhouse/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ENDED_RUN_CONFIRM_MS, jobRunKeys, LIVE_RUN_RECHECK_MS, useJobRun } from './operations.queries';

const run = (status: JobRunView['status']): JobRunView => ({
  runId: 'r1',
  name: 'operations.pipeline-check',
  queue: 'operations',
  ownerId: 'anon_x',
  subjectId: null,
  status,
  percent: status === 'queued' ? 0 : 50,
  step: null,
  message: null,
  steps: [],
  attempts: 1,
  result: null,
  error: status === 'failed' ? 'Pipeline check failed on purpose at step 2' : null,
  requestedAt: '2026-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  durationMs: null,
});

const envelope = (response: unknown) =>
  ({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify({ status: 'success', response })) }) as Response;

function Status() {
  const { data } = useJobRun('r1');
  return <p data-testid="status">{data?.status ?? 'loading'}</p>;
}

describe('useJobRun', () => {
  it('re-reads a live run until it ends, so a run whose pushes were all missed still lands', async () => {
    // the read model still says queued on the first read (the run ended before the page listened)
    const answers = [run('queued'), run('failed')];
    const fetchMock = jest.fn((_url: RequestInfo | URL) => Promise.resolve(envelope(answers.shift() ?? run('failed'))));
    global.fetch = fetchMock as unknown as typeof fetch;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Status />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('queued')).toBeInTheDocument();
    expect(LIVE_RUN_RECHECK_MS).toBeLessThanOrEqual(3000);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('failed'), { timeout: 8000 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // ended: the re-reads stop
    const query = client.getQueryCache().find({ queryKey: jobRunKeys.detail('r1') })!;
    const interval = (query.options as { refetchInterval?: unknown }).refetchInterval as (q: typeof query) => number | false;
    expect(interval(query)).toBe(false);
  }, 20_000);

  it('keeps reading a run a push ended until the read model has it ended too, then stops', async () => {
    // the read model lags the push: it still says running once, then has the end (and every step)
    const steps = [1, 2, 3].map((n) => ({ step: `step ${n}`, startedAt: '2026-01-01T00:00:01.000Z' }));
    const answers = [run('running'), run('running'), { ...run('completed'), percent: 100, steps }];
    const fetchMock = jest.fn((_url: RequestInfo | URL) => Promise.resolve(envelope(answers.shift() ?? answers.at(-1))));
    global.fetch = fetchMock as unknown as typeof fetch;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Status />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('running')).toBeInTheDocument();
    const query = client.getQueryCache().find({ queryKey: jobRunKeys.detail('r1') })!;
    const interval = (query.options as { refetchInterval?: unknown }).refetchInterval as (q: typeof query) => number | false;

    // the completion arrives by push, with a step the page missed while it reloaded
    act(() => {
      client.setQueryData(jobRunKeys.detail('r1'), { ...run('completed'), percent: 100, steps: steps.slice(0, 2) });
    });
    expect(interval(query)).toBe(ENDED_RUN_CONFIRM_MS);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3), { timeout: 8000 });
    await waitFor(() => expect(client.getQueryData<JobRunView>(jobRunKeys.detail('r1'))?.steps).toHaveLength(3));
    expect(client.getQueryData<JobRunView>(jobRunKeys.detail('r1'))?.status).toBe('completed');
    expect(interval(query)).toBe(false);
  }, 20_000);
});
