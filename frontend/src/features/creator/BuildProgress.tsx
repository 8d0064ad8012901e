import { JOBS, type JobRunView } from '@sparkhouse/contracts';
import type { ReactNode } from 'react';
import { errorMessage, isApiError } from '../../api';
import { isTerminalStatus } from '../../api/operations.queries';
import { JobStatusChip } from '../../routes/operations/JobStatusChip';
import { Button, ProgressBar, Spinner, useToast } from '../../ui';
import { formatDuration } from '../format/relative-time';
import { useJobRunLive } from '../realtime';
import { buildStepStates, type BuildStepState } from './build-steps';
import { useCancelRun } from './creator.queries';
import { elapsedMs, useRunClock } from './useElapsed';
import { useProgressLog } from './useProgressLog';

const STATE_TEXT: Record<BuildStepState, string> = {
  pending: 'Pending',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  canceled: 'Canceled',
};
const MARKER: Record<BuildStepState, string> = { pending: '', running: '', done: '✓', failed: '!', canceled: '–' };

const isCancellable = (run: JobRunView) =>
  (JOBS as Record<string, { cancellable: boolean } | undefined>)[run.name]?.cancellable ?? false;

export interface BuildProgressProps {
  runId: string;
  title?: string;
  /** What the creator can do once the run completed (e.g. open the builder). */
  completedActions?: (run: JobRunView) => ReactNode;
  /** Start the work again after a failure or cancel. */
  onRetry?: () => void;
  retrying?: boolean;
  /** Smaller layout for inline use (the landing-page editor's AI edit). */
  compact?: boolean;
}

/**
 * A long AI job watched live: its named steps with their state, a progress bar, the messages as
 * they arrive, elapsed time, cancel, and the outcome. Everything comes from the job_run read model
 * kept current by socket pushes, so a reload mid-run shows the same thing and carries on.
 */
export function BuildProgress({
  runId,
  title = 'Building your app',
  completedActions,
  onRetry,
  retrying,
  compact,
}: BuildProgressProps) {
  const { data: run, isPending, isError, error, refetch } = useJobRunLive(runId);
  const now = useRunClock(run);
  const log = useProgressLog(run);
  const cancel = useCancelRun();
  const toast = useToast();

  if (isPending) {
    return (
      <section className="card build-progress" aria-label={title}>
        <Spinner label="Loading the build" size={24} />
      </section>
    );
  }
  if (isError || !run) {
    return (
      <section className="card build-progress" aria-label={title}>
        <p role="alert" className="inline-error">
          {isApiError(error) && error.status === 404 ? 'This build does not exist, or it is not yours.' : errorMessage(error)}
        </p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </section>
    );
  }

  const active = !isTerminalStatus(run.status);
  const steps = buildStepStates(run, now);
  const elapsed = elapsedMs(run, now);
  const headingId = `build-title-${runId}`;

  return (
    <section
      className={['card build-progress', compact && 'build-progress--compact'].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
      aria-busy={active}
      data-status={run.status}
    >
      <div className="build-progress__head">
        <div>
          <h2 id={headingId}>{title}</h2>
          <p className="build-progress__elapsed muted">
            Elapsed <time aria-label="Elapsed time">{elapsed === null ? '–' : formatDuration(elapsed)}</time>
          </p>
        </div>
        <div className="build-progress__status">
          <JobStatusChip status={run.status} />
          {active && isCancellable(run) && (
            <Button
              variant="destructive"
              size="small"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(run.runId, {
                  onError: (e) => toast.show({ kind: 'error', title: 'Could not cancel', message: errorMessage(e) }),
                })
              }
            >
              Cancel
            </Button>
          )}
        </div>
      </div>

      <div className="run__progress">
        <ProgressBar value={run.percent} label={`${title} progress`} />
        <span className="run__percent" aria-hidden="true">
          {Math.round(run.percent)}%
        </span>
      </div>

      <p className="build-progress__message" aria-live="polite">
        {run.message || (run.status === 'queued' ? 'Waiting for a worker…' : '\u00a0')}
      </p>

      <ol className="build-steps" aria-label="Steps">
        {steps.map((s) => (
          <li key={s.step} className={`build-steps__item build-steps__item--${s.state}`} data-state={s.state}>
            <span className="build-steps__marker" aria-hidden="true">
              {MARKER[s.state]}
            </span>
            <span className="build-steps__label">{s.label}</span>
            <span className="build-steps__state">
              {STATE_TEXT[s.state]}
              {s.durationMs !== null && s.state !== 'pending' && <span className="muted"> · {formatDuration(s.durationMs)}</span>}
            </span>
          </li>
        ))}
      </ol>

      {!compact && log.length > 0 && (
        <details className="build-log" open={active}>
          <summary>Messages ({log.length})</summary>
          <ol className="build-log__list" aria-label="Messages">
            {log.map((entry, i) => (
              <li key={`${entry.at}-${i}`}>
                <span className="build-log__step">{entry.step}</span> {entry.message}
              </li>
            ))}
          </ol>
        </details>
      )}

      {run.status === 'completed' && (
        <div className="run__outcome run__outcome--completed" role="status">
          <strong>Done.</strong> {compact ? 'The result is saved as a new version.' : 'Your app is ready.'}
          {completedActions && <div className="row build-progress__actions">{completedActions(run)}</div>}
        </div>
      )}
      {run.status === 'failed' && (
        <div className="run__outcome run__outcome--failed" role="alert">
          <strong>Failed.</strong> {run.error ?? 'The build failed without a reason.'}
          {onRetry && (
            <div className="row build-progress__actions">
              <Button variant="secondary" size="small" loading={retrying} onClick={onRetry}>
                Retry
              </Button>
            </div>
          )}
        </div>
      )}
      {run.status === 'canceled' && (
        <div className="run__outcome run__outcome--canceled" role="status">
          <strong>Canceled.</strong> Nothing after the last finished step was kept.
          {onRetry && (
            <div className="row build-progress__actions">
              <Button variant="secondary" size="small" loading={retrying} onClick={onRetry}>
                Start again
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
