import '../features/catalogue/testing/dom-polyfills';
import type { JobRunView } from '@sparkhouse/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { jobRunKeys, LIVE_RUN_RECHECK_MS, useJobRun } from './operations.queries';

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
});
