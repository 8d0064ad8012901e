import { errorMessage } from '../../api';
import { useJobRuns } from '../../api/operations.queries';
import { formatRelativeTime, formatSpan } from '../format';
import { Button, Spinner } from '../../ui';
import { JobStatusChip } from './JobStatusChip';

export function RecentRuns({ selectedRunId, onSelect }: { selectedRunId: string | null; onSelect: (runId: string) => void }) {
  const { data, isPending, isError, error, refetch, isFetching } = useJobRuns({ limit: 10 });

  return (
    <section className="card" aria-labelledby="recent-runs-title">
      <div className="section__head">
        <h2 id="recent-runs-title">Recent runs</h2>
        <Button variant="transparent" size="small" loading={isFetching && !isPending} onClick={() => void refetch()}>
          Refresh
        </Button>
      </div>
      {isPending ? (
        <div className="state-inline">
          <Spinner size={20} />
          <p className="muted" role="status">
            Loading recent runs…
          </p>
        </div>
      ) : isError ? (
        <div className="state-inline" role="alert">
          <p className="inline-error">Could not load recent runs: {errorMessage(error)}</p>
          <Button variant="secondary" size="small" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : data.runs.length === 0 ? (
        <div className="state-inline">
          <p className="muted">No runs yet. Start a pipeline check above and it will appear here.</p>
        </div>
      ) : (
        <ul className="run-list" aria-label="Recent runs">
          {data.runs.map((run) => (
            <li
              key={run.runId}
              className={['run-list__item', run.runId === selectedRunId && 'run-list__item--selected'].filter(Boolean).join(' ')}
            >
              <div className="run-list__main">
                <span className="run-list__name">{run.name}</span>
                <code className="run-list__id">{run.runId.slice(0, 8)}</code>
              </div>
              <JobStatusChip status={run.status} />
              <span className="run-list__time muted">
                <time dateTime={run.requestedAt}>{formatRelativeTime(run.requestedAt)}</time>
                {run.durationMs !== null && ` · ${formatSpan(run.durationMs)}`}
              </span>
              <Button
                variant="transparent"
                size="small"
                aria-label={`Show run ${run.runId.slice(0, 8)}`}
                aria-current={run.runId === selectedRunId || undefined}
                onClick={() => onSelect(run.runId)}
              >
                Show
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
