import type { JobRunView } from '@sparkhouse/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { jobRunKeys } from '../../api/operations.queries';
import { ToastProvider } from '../../ui';
import { BuildProgress } from './BuildProgress';

const RUN_ID = '0b0e7a52-6c1f-4a55-9d1e-1c2f3a4b5c6d';
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();

const finished = (over: Partial<JobRunView>): JobRunView => ({
  runId: RUN_ID,
  name: 'creator-apps.build-app',
  queue: 'app-builds',
  ownerId: 'u1',
  subjectId: 'a1',
  status: 'completed',
  percent: 100,
  step: 'app-image',
  message: 'App image ready (1024×1024)',
  steps: [
    { step: 'blueprint', startedAt: at(1) },
    { step: 'onboarding', startedAt: at(3) },
    { step: 'landing-page', startedAt: at(4) },
    { step: 'app-image', startedAt: at(6) },
  ],
  attempts: 1,
  result: null,
  error: null,
  requestedAt: at(0),
  startedAt: at(1),
  finishedAt: at(65),
  durationMs: 64_000,
  ...over,
});

/** A finished run needs no socket: it is read once (here: already in the cache). */
function renderRun(run: JobRunView, props: Partial<Parameters<typeof BuildProgress>[0]> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(jobRunKeys.detail(run.runId), run);
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <BuildProgress runId={run.runId} {...props} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const stepStates = () =>
  within(screen.getByRole('list', { name: 'Steps' }))
    .getAllByRole('listitem')
    .map((li) => [li.querySelector('.build-steps__label')?.textContent, li.getAttribute('data-state')]);

describe('BuildProgress', () => {
  it('shows a completed build: every step done, a full green bar, the elapsed time and what to do next', () => {
    renderRun(finished({}), { completedActions: () => <a href="/dashboard/builder?appId=a1">Open the builder</a> });
    expect(stepStates()).toEqual([
      ['Blueprint', 'done'],
      ['Onboarding flow', 'done'],
      ['Landing page', 'done'],
      ['App image', 'done'],
    ]);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId('progress-fill')).toHaveStyle({ backgroundColor: 'var(--color-success)' });
    expect(screen.getByLabelText('Elapsed time')).toHaveTextContent('1:05');
    expect(screen.getByText('App image ready (1024×1024)', { selector: 'p' })).toBeInTheDocument();
    // the messages log starts from the read model's latest message
    expect(within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Open the builder' })).toBeInTheDocument();
    // a finished run cannot be canceled
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('shows what a fast build really took: sub-second steps in tenths of a second, not 0:00', () => {
    const ms = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, n)).toISOString();
    renderRun(
      finished({
        requestedAt: ms(0),
        startedAt: ms(100),
        steps: [
          { step: 'blueprint', startedAt: ms(100) },
          { step: 'onboarding', startedAt: ms(480) },
          { step: 'landing-page', startedAt: ms(520) },
          { step: 'app-image', startedAt: ms(820) },
        ],
        finishedAt: ms(1250),
        durationMs: 1150,
      }),
    );
    const times = within(screen.getByRole('list', { name: 'Steps' }))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.build-steps__state')?.textContent);
    expect(times).toEqual(['Done · 0.4 s', 'Done · < 0.1 s', 'Done · 0.3 s', 'Done · 0.4 s']);
    expect(screen.getByLabelText('Elapsed time')).toHaveTextContent('1.3 s');
  });

  it('shows a failed build with its reason and the step it failed at, and offers Retry', () => {
    const onRetry = jest.fn();
    renderRun(
      finished({
        status: 'failed',
        percent: 25,
        step: 'onboarding',
        error: 'The AI provider answered 3 times with an invalid onboarding flow',
        steps: [
          { step: 'blueprint', startedAt: at(1) },
          { step: 'onboarding', startedAt: at(3) },
        ],
      }),
      { onRetry },
    );
    expect(stepStates()).toEqual([
      ['Blueprint', 'done'],
      ['Onboarding flow', 'failed'],
      ['Landing page', 'pending'],
      ['App image', 'pending'],
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('The AI provider answered 3 times with an invalid onboarding flow');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows a canceled build and offers to start again', () => {
    const onRetry = jest.fn();
    renderRun(finished({ status: 'canceled', percent: 50, step: 'landing-page' }), { onRetry });
    expect(stepStates()[2]).toEqual(['Landing page', 'canceled']);
    fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
