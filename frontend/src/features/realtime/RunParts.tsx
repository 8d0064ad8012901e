import type { JobRunView } from '@sparkhouse/contracts';
import type { ReactNode } from 'react';
import { errorMessage, isApiError } from '../../api';
import { useCancelJobRun } from '../../api/operations.queries';
import { Button, ProgressBar, Spinner, useToast } from '../../ui';
import { useJobRunLive } from './useJobRunLive';

/**
 * A live run's card until the run is there: a spinner while it loads; when it cannot be read,
 * why (a run that does not exist or is someone else's reads as `notFound`) and Try again.
 */
export function RunLoadStates({
  live,
  className,
  label,
  loadingLabel,
  notFound,
  children,
}: {
  live: ReturnType<typeof useJobRunLive>;
  className: string;
  label: string;
  loadingLabel: string;
  notFound: string;
  children: (run: JobRunView) => ReactNode;
}) {
  const { data: run, isPending, isError, error, refetch } = live;
  if (isPending) {
    return (
      <section className={className} aria-label={label}>
        <Spinner label={loadingLabel} size={24} />
      </section>
    );
  }
  if (isError || !run) {
    return (
      <section className={className} aria-label={label}>
        <p role="alert" className="inline-error">
          {isApiError(error) && error.status === 404 ? notFound : errorMessage(error)}
        </p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </section>
    );
  }
  return children(run);
}

/** Cancel a live run; a refusal is said in a toast. */
export function CancelRunButton({ runId, label }: { runId: string; label: string }) {
  const cancel = useCancelJobRun();
  const toast = useToast();
  return (
    <Button
      variant="destructive"
      size="small"
      loading={cancel.isPending}
      onClick={() =>
        cancel.mutate(runId, {
          onError: (e) => toast.show({ kind: 'error', title: 'Could not cancel', message: errorMessage(e) }),
        })
      }
    >
      {label}
    </Button>
  );
}

/** The run's progress bar with its percentage. */
export function RunProgress({ run, label }: { run: JobRunView; label: string }) {
  return (
    <div className="run__progress">
      <ProgressBar value={run.percent} label={label} />
      <span className="run__percent" aria-hidden="true">
        {Math.round(run.percent)}%
      </span>
    </div>
  );
}

/** The run's latest message; a queued run without one is waiting for a worker. */
export const runMessage = (run: JobRunView): string =>
  run.message || (run.status === 'queued' ? 'Waiting for a worker…' : '\u00a0');

/**
 * A run the page waits on, until it has what the page shows: why it could not be read (`error`),
 * "Starting…" before it is read, `failed` and the run's reason when it failed or was canceled, else its
 * progress bar and latest message.
 */
export function RunWaiting({
  run,
  label,
  failed,
  error,
  className,
}: {
  run: JobRunView | undefined;
  label: string;
  failed: string;
  error?: unknown;
  className?: string;
}) {
  if (error) {
    return (
      <p role="alert" className="inline-error">
        {errorMessage(error)}
      </p>
    );
  }
  if (!run) return <p className="muted">Starting…</p>;
  if (run.status === 'failed' || run.status === 'canceled') {
    return (
      <p role="alert" className="inline-error">
        {failed}
        {run.error ? `: ${run.error}` : '.'}
      </p>
    );
  }
  return (
    <div className={className}>
      <RunProgress run={run} label={label} />
      <p className="muted" aria-live="polite">
        {runMessage(run)}
      </p>
    </div>
  );
}
