import { JOB_NAMES, QUEUES, type JobRunStatus } from '@sparkhouse/contracts';
import { Link } from 'react-router';
import { QueryList } from '../../catalogue';
import { JobStatusChip } from '../JobStatusChip';
import { useJobSearch, useRetryFailed, type JobsQuery } from './console-api';
import { useOpsAccess } from './OpsLayout';
import {
  ConfirmAction,
  FilterSearch,
  FilterSelect,
  formatMs,
  formatTime,
  OpsSection,
  OpsTable,
  Pager,
  SearchActions,
  TimeRangeFilters,
  useSearchInUrl,
} from './parts';

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
        <FilterSelect label="State" name="state" params={params} values={STATES} />
        <FilterSelect label="Queue" name="queue" params={params} values={Object.values(QUEUES)} />
        <FilterSelect label="Job" name="name" params={params} values={JOB_NAMES} />
        <FilterSearch label="User email" name="email" params={params} placeholder="creator@example.com" />
        <FilterSearch label="User id" name="userId" params={params} />
        <FilterSearch label="App id" name="appId" params={params} />
        <FilterSearch label="Plan id" name="planId" params={params} />
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

      <OpsSection id="jobs" title="Runs" aside={jobs.isFetching && !jobs.isPending && <span className="muted">Updating…</span>}>
        <QueryList
          query={jobs}
          loading="Searching"
          errorTitle="Could not search the runs"
          items={(data) => data.jobs}
          empty="No runs match. Widen the search or clear the filters."
        >
          {(list) => (
            <OpsTable label="Runs" columns={['Job', 'State', 'For', 'Requested', 'Took', 'Reason']}>
              {list.map((j) => (
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
            </OpsTable>
          )}
        </QueryList>
        <Pager hasNewer={pages.hasNewer} nextCursor={jobs.data?.nextCursor} onNewer={pages.newer} onOlder={pages.older} />
      </OpsSection>
    </div>
  );
}
