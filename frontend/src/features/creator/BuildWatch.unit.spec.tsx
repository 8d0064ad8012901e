import type { JobRunView } from '@sparkhouse/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { jobRunKeys } from '../../api/operations.queries';
import { ToastProvider } from '../../ui';
import { BuildWatch } from './BuildWatch';
import { creatorKeys } from './creator.queries';
import { creatorApp } from './testing/creator-app';

const RUN_ID = '0b0e7a52-6c1f-4a55-9d1e-1c2f3a4b5c6d';
const APP_ID = '3f0c9a9e-4a8e-4d7f-9a43-2c1d5e6f7a8b';
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();

const completed: JobRunView = {
  runId: RUN_ID,
  name: 'creator-apps.build-app',
  queue: 'app-builds',
  ownerId: 'u1',
  subjectId: APP_ID,
  status: 'completed',
  percent: 100,
  step: 'app-image',
  message: 'App image ready (1024×1024)',
  steps: [{ step: 'blueprint', startedAt: at(1) }],
  attempts: 1,
  result: null,
  error: null,
  requestedAt: at(0),
  startedAt: at(1),
  finishedAt: at(5),
  durationMs: 4_000,
};

/** A finished run is read from the cache alone: no socket, no request. */
function renderWatch(autoOpen?: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(jobRunKeys.detail(RUN_ID), completed);
  client.setQueryData(creatorKeys.apps(), [creatorApp({ appId: APP_ID, name: 'Sourdough Baking' })]);
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter>
          <BuildWatch appId={APP_ID} runId={RUN_ID} autoOpen={autoOpen} />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

// the ended run makes the app list be read again: that read stays in flight here
beforeEach(() => {
  global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
});

describe('BuildWatch', () => {
  it('on /build, a completed build offers the way into the builder', () => {
    renderWatch();
    expect(screen.getByRole('heading', { name: 'Building Sourdough Baking' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the builder' })).toHaveAttribute('href', `/dashboard/builder?appId=${APP_ID}`);
  });

  it('inside the builder (no auto-open), a completed build offers no link back to the page it is on', () => {
    renderWatch(false);
    expect(screen.getByText(/Your app is ready/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the builder' })).not.toBeInTheDocument();
  });
});
