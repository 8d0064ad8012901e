import { JOBS, type JobRunView } from '@sparkhouse/contracts';
import type { ReactNode } from 'react';
import { isTerminalStatus } from '../../api/operations.queries';
import { JobStatusChip } from '../operations';
import { Button } from '../../ui';
import { formatSpan } from '../format';
import { CancelRunButton, elapsedMs, RunLoadStates, RunProgress, runMessage, useJobRunLive, useRunClock } from '../realtime';
import { buildStepStates, type BuildStepState } from './build-steps';
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
export function BuildProgress({ runId, title = 'Building your app', ...rest }: BuildProgressProps) {
  const live = useJobRunLive(runId);
  return (
    <RunLoadStates
      live={live}
      className="card build-progress"
      label={title}
      loadingLabel="Loading the build"
      notFound="This build does not exist, or it is not yours."
    >
      {(run) => <BuildProgressView run={run} title={title} {...rest} />}
    </RunLoadStates>
  );
}

function BuildProgressView({
  run,
  title,
  completedActions,
  onRetry,
  retrying,
  compact,
}: Omit<BuildProgressProps, 'runId' | 'title'> & { run: JobRunView; title: string }) {
  const now = useRunClock(run);
  const log = useProgressLog(run);
  const active = !isTerminalStatus(run.status);
  const steps = buildStepStates(run, now);
  const elapsed = elapsedMs(run, now);
  const headingId = `build-title-${run.runId}`;

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
            Elapsed <time aria-label="Elapsed time">{elapsed === null ? '–' : formatSpan(elapsed)}</time>
          </p>
        </div>
        <div className="build-progress__status">
          <JobStatusChip status={run.status} />
          {active && isCancellable(run) && <CancelRunButton runId={run.runId} label="Cancel" />}
        </div>
      </div>

      <RunProgress run={run} label={`${title} progress`} />

      <p className="build-progress__message" aria-live="polite">
        {runMessage(run)}
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
              {s.durationMs !== null && s.state !== 'pending' && <span className="muted"> · {formatSpan(s.durationMs)}</span>}
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
