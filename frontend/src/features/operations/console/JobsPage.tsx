import { JOB_NAMES, QUEUES, type JobRunStatus } from '@sparkhouse/contracts';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../catalogue';
import { JobStatusChip } from '../JobStatusChip';
import { useJobSearch, useRetryFailed, type JobsQuery } from './console-api';
import { useOpsAccess } from './OpsLayout';
import { ConfirmAction, formatMs, formatTime, Pager, SearchActions, TimeRangeFilters, useSearchInUrl } from './parts';

const FILTERS = ['state', 'queue', 'name', 'email', 'userId', 'appId', 'planId', 'from', 'to'] as const;
const STATES: JobRunStatus[] = ['queued', 'running', 'completed', 'failed', 'canceled'];
const PAGE = 25;

/** /ops/jobs: runs across every queue, searchable by the user (email), app or plan they work for, by state, name and time. */
export function JobsPage() {
  // the filters live in the address: a search can be shared and survives a reload
  const { params, query, pages, submit, clear } = useSearchInUrl(FILTERS);
  const jobs = useJobSearch({ ...query, limit: PAGE } as JobsQuery);
  const access = useOpsAccess();
  const retryFailed = useRetryFailed();

  return (
    <div className="ops-stack">
      <form className="card ops-filters" onSubmit={submit} aria-label="Search jobs" key={params.toString()}>
        <label>
          <span>State</span>
          <select name="state" defaultValue={params.get('state') ?? ''}>
            <option value="">Any</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Queue</span>
          <select name="queue" defaultValue={params.get('queue') ?? ''}>
            <option value="">Any</option>
            {Object.values(QUEUES).map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Job</span>
          <select name="name" defaultValue={params.get('name') ?? ''}>
            <option value="">Any</option>
            {JOB_NAMES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>User email</span>
          <input name="email" type="search" defaultValue={params.get('email') ?? ''} placeholder="creator@example.com" />
        </label>
        <label>
          <span>User id</span>
          <input name="userId" type="search" defaultValue={params.get('userId') ?? ''} />
        </label>
        <label>
          <span>App id</span>
          <input name="appId" type="search" defaultValue={params.get('appId') ?? ''} />
        </label>
        <label>
          <span>Plan id</span>
          <input name="planId" type="search" defaultValue={params.get('planId') ?? ''} />
        </label>
        <TimeRangeFilters params={params} />
        <SearchActions onClear={clear}>
          {access.canAct && params.get('state') === 'failed' && (
            <ConfirmAction
              label="Retry all failed"
              title="Retry every failed run?"
              description={`Every failed run${params.get('queue') ? ` of ${params.get('queue')}` : ''}${params.get('name') ? ` (${params.get('name')})` : ''} runs again, at most 1,000 at once.`}
              onConfirm={() =>
                retryFailed.mutateAsync({ queue: params.get('queue') ?? undefined, name: params.get('name') ?? undefined })
              }
            />
          )}
        </SearchActions>
      </form>

      <section className="card" aria-labelledby="jobs-title">
        <div className="section__head">
          <h2 id="jobs-title">Runs</h2>
          {jobs.isFetching && !jobs.isPending && <span className="muted">Updating…</span>}
        </div>
        {jobs.isPending ? (
          <LoadingState label="Searching" />
        ) : jobs.isError ? (
          <ErrorState error={jobs.error} onRetry={() => void jobs.refetch()} title="Could not search the runs" />
        ) : jobs.data.jobs.length === 0 ? (
          <p className="muted">No runs match. Widen the search or clear the filters.</p>
        ) : (
          <div className="ops-table-wrap">
            <table className="ops-table" aria-label="Runs">
              <thead>
                <tr>
                  <th scope="col">Job</th>
                  <th scope="col">State</th>
                  <th scope="col">For</th>
                  <th scope="col">Requested</th>
                  <th scope="col">Took</th>
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {jobs.data.jobs.map((j) => (
                  <tr key={j.runId}>
                    <td>
                      <Link to={`/ops/jobs/${j.runId}`} className="ops-job-link">
                        {j.name}
                      </Link>
                      <code className="ops-id">{j.runId.slice(0, 8)}</code>
                    </td>
                    <td>
                      <JobStatusChip status={j.status} />
                    </td>
                    <td className="ops-for">
                      {j.userEmail ??
                        j.ownerEmail ??
                        (j.entities.user ? <code>{j.entities.user.slice(0, 8)}</code> : <span className="muted">visitor</span>)}
                      {j.entities.app && <span className="muted"> · app {j.entities.app.slice(0, 8)}</span>}
                      {j.entities.plan && <span className="muted"> · plan {j.entities.plan.slice(0, 8)}</span>}
                    </td>
                    <td>
                      <time dateTime={j.requestedAt}>{formatTime(j.requestedAt)}</time>
                    </td>
                    <td>{formatMs(j.durationMs)}</td>
                    <td className="ops-reason">{j.status === 'failed' ? j.error : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager hasNewer={pages.hasNewer} nextCursor={jobs.data?.nextCursor} onNewer={pages.newer} onOlder={pages.older} />
      </section>
    </div>
  );
}
