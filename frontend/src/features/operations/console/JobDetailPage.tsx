import { JOB_ENTITY_KINDS, type JobDetail, type JobEntityKind } from '@sparkhouse/contracts';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { ErrorState, LoadingState, QueryList } from '../../catalogue';
import { JobStatusChip } from '../JobStatusChip';
import { useEvents, useJobAction, useJobDetail, type JobAction } from './console-api';
import { EventList } from './EventsPage';
import { useOpsAccess } from './OpsLayout';
import { ConfirmAction, Facts, formatMs, formatTime, JsonBlock, OpsSection } from './parts';

const ACTIONS: { action: JobAction; label: string; title: string; description: string; destructive?: boolean }[] = [
  {
    action: 'retry',
    label: 'Retry',
    title: 'Retry this run?',
    description: 'It runs again from the start; its earlier attempts stay in its history.',
  },
  {
    action: 'promote',
    label: 'Run now',
    title: 'Run this delayed job now?',
    description: 'It skips the rest of its wait (a retry back-off, say).',
  },
  {
    action: 'cancel',
    label: 'Cancel',
    title: 'Cancel this run?',
    description: 'A waiting run is taken off its queue; a running one stops at its next step.',
    destructive: true,
  },
  {
    action: 'remove',
    label: 'Remove from queue',
    title: 'Remove this job from its queue?',
    description: 'BullMQ forgets it. A run that had not finished is recorded as canceled.',
    destructive: true,
  },
];

/** /ops/jobs/:runId: one run's whole story beside the events of what it works for. */
export function JobDetailPage() {
  const { runId = '' } = useParams();
  const job = useJobDetail(runId);
  if (job.isPending) return <LoadingState label="Loading the run" />;
  if (job.isError) {
    if (isApiError(job.error) && (job.error.status === 404 || job.error.status === 400)) {
      return (
        <div className="state-box">
          <h2 className="state-box__title">No such run</h2>
          <Link to="/ops/jobs">Back to the runs</Link>
        </div>
      );
    }
    return <ErrorState error={job.error} onRetry={() => void job.refetch()} title="Could not load the run" />;
  }
  return <JobView job={job.data} />;
}

function JobView({ job }: { job: JobDetail }) {
  const access = useOpsAccess();
  const act = useJobAction();
  const available = ACTIONS.filter((a) => job.actions[a.action]);
  return (
    <div className="ops-detail">
      <div className="ops-stack">
        <section className="card" aria-labelledby="job-title">
          <div className="section__head">
            <div>
              <p className="eyebrow">
                <Link to="/ops/jobs">Runs</Link> / {job.queue}
              </p>
              <h2 id="job-title">{job.name}</h2>
              <code className="ops-id">{job.runId}</code>
            </div>
            <JobStatusChip status={job.status} />
          </div>
          {job.status === 'failed' && (
            <p className="run__outcome run__outcome--failed" role="alert">
              <strong>Failed:</strong> {job.error}
            </p>
          )}
          {job.message && <p className="muted">{job.message}</p>}
          {access.canAct && available.length > 0 && (
            <div className="row" aria-label="Actions">
              {available.map((a) => (
                <ConfirmAction
                  key={a.action}
                  label={a.label}
                  title={a.title}
                  description={a.description}
                  variant={a.destructive ? 'destructive' : 'primary'}
                  onConfirm={() => act.mutateAsync({ runId: job.runId, action: a.action })}
                />
              ))}
            </div>
          )}
          <Facts
            label="Run"
            items={[
              ['Asked by', job.ownerEmail ?? job.ownerId],
              ...(Object.entries(job.entities) as [JobEntityKind, string][]).map(
                ([kind, id]) =>
                  [
                    kind[0].toUpperCase() + kind.slice(1),
                    <Link key={kind} to={`/ops/jobs?${kind}Id=${encodeURIComponent(id)}`}>
                      {kind === 'user' && job.userEmail ? job.userEmail : id}
                    </Link>,
                  ] as [string, ReactNode],
              ),
              ['Requested', formatTime(job.requestedAt)],
              ['Started', formatTime(job.startedAt)],
              ['Finished', formatTime(job.finishedAt)],
              ['Took', formatMs(job.durationMs)],
              ['Attempts', String(job.attemptsDetail.length)],
              ['In BullMQ', job.queueState ?? 'not held any more'],
            ]}
          />
        </section>

        <OpsSection id="timeline" title="Timeline">
          {job.timeline.length === 0 ? (
            <p className="muted">
              No step has started yet{job.plannedSteps.length ? ` (planned: ${job.plannedSteps.join(', ')})` : ''}.
            </p>
          ) : (
            <ol className="ops-timeline stack-list" aria-label="Steps">
              {job.timeline.map((s, i) => (
                <li key={`${s.attempt}-${s.step}-${i}`}>
                  <div className="ops-timeline__head">
                    <strong>{s.step}</strong>
                    <span className="muted">attempt {s.attempt}</span>
                    <span>{s.durationMs === null ? 'running' : formatMs(s.durationMs)}</span>
                  </div>
                  <p className="muted">
                    {formatTime(s.startedAt)} → {s.endedAt ? formatTime(s.endedAt) : '…'}
                  </p>
                  {s.message && <p>{s.message}</p>}
                </li>
              ))}
            </ol>
          )}
        </OpsSection>

        <OpsSection id="attempts" title="Attempts">
          {job.attemptsDetail.length === 0 ? (
            <p className="muted">Not started yet.</p>
          ) : (
            <ol className="ops-attempts stack-list" aria-label="Attempts">
              {job.attemptsDetail.map((a) => (
                <li key={a.attempt}>
                  <div className="ops-timeline__head">
                    <strong>Attempt {a.attempt}</strong>
                    <span>{a.outcome}</span>
                    <span className="muted">{a.workerId}</span>
                  </div>
                  <p className="muted">
                    {formatTime(a.startedAt)} → {a.endedAt ? formatTime(a.endedAt) : '…'}
                  </p>
                  {a.error && <p className="inline-error">{a.error}</p>}
                  {a.stack && (
                    <details>
                      <summary>Stack</summary>
                      <pre className="code-block">{a.stack}</pre>
                    </details>
                  )}
                </li>
              ))}
            </ol>
          )}
        </OpsSection>

        <OpsSection id="logs" title="Log">
          <ol className="ops-log stack-list" aria-label="Log">
            {job.logs.map((l, i) => (
              <li key={i}>
                <time dateTime={l.at}>{formatTime(l.at)}</time> {l.text}
              </li>
            ))}
          </ol>
          <JsonBlock label="Payload (secrets redacted)" value={job.payload} />
          {job.result !== null && <JsonBlock label="Result" value={job.result} />}
        </OpsSection>
      </div>
      <EntityEvents job={job} />
    </div>
  );
}

/** The events of what the run works for (its user, app or plan) and of the request that asked for it. */
function EntityEvents({ job }: { job: JobDetail }) {
  const tabs = [
    ...(Object.entries(job.entities) as [JobEntityKind, string][]).map(([kind, id]) => ({
      key: kind,
      label: kind[0].toUpperCase() + kind.slice(1),
      query: { streamId: JOB_ENTITY_KINDS[kind].stream(id), limit: 20 },
    })),
    ...(job.correlationId
      ? [{ key: 'request', label: 'Same request', query: { correlationId: job.correlationId, limit: 20 } }]
      : []),
    { key: 'run', label: 'This run', query: { streamId: `job-${job.runId}`, limit: 50 } },
  ];
  const [tab, setTab] = useState(tabs[0].key);
  const current = tabs.find((t) => t.key === tab) ?? tabs[0];
  const events = useEvents(current.query);
  return (
    <aside className="card ops-aside" aria-labelledby="entity-events-title">
      <h2 id="entity-events-title">Events around it</h2>
      <div className="row" role="tablist" aria-label="Whose events">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t.key === current.key}
            className={['ops-tab', t.key === current.key && 'ops-tab--active'].filter(Boolean).join(' ')}
            onClick={() => setTab(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={current.label}>
        <QueryList query={events} loading="Loading events" items={(data) => data.events} empty="No events.">
          {(list) => <EventList events={list} compact />}
        </QueryList>
        {'streamId' in current.query && current.query.streamId && (
          <Link to={`/ops/events?streamId=${encodeURIComponent(current.query.streamId)}`}>All of this stream</Link>
        )}
      </div>
    </aside>
  );
}
