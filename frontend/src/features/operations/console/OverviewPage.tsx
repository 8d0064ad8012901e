import type { QueueOverview } from '@sparkhouse/contracts';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/api-error';
import { LoadingState, QueryView } from '../../catalogue';
import { Button, TagChip } from '../../../ui';
import { openQueueBoard, useQueueAction, useQueues, useQueueSeries } from './console-api';
import { useOpsAccess } from './OpsLayout';
import { ConfirmAction, formatMs, formatTime, InlineSelect, OpsSection, Options, percent } from './parts';

const QueueCharts = lazy(() => import('./QueueCharts'));

/** /ops: every queue live (pushed every few seconds), its actions, and the last hour in charts. */
export function OverviewPage() {
  const queues = useQueues();
  const [chartQueue, setChartQueue] = useState<string>('');
  const series = useQueueSeries(chartQueue || undefined);
  const access = useOpsAccess();

  return (
    <div className="ops-stack">
      <OpsSection
        id="queues"
        title="Queues"
        plain
        aside={
          <div className="row">
            {queues.data && (
              <span className="muted ops-updated" aria-live="polite">
                Updated {formatTime(queues.data.at)}
              </span>
            )}
            {access.role === 'admin' && <QueueBoardButton />}
          </div>
        }
      >
        <QueryView query={queues} loading="Loading the queues" errorTitle="Could not load the queues">
          {(data) => (
            <ul className="ops-queues" aria-label="Queues">
              {data.queues.map((q) => (
                <QueueCard key={q.name} queue={q} canAct={access.canAct} />
              ))}
            </ul>
          )}
        </QueryView>
      </OpsSection>

      <OpsSection
        id="charts"
        title="The last hour"
        aside={
          <InlineSelect label="Queue" value={chartQueue} onChange={setChartQueue}>
            <option value="">All queues</option>
            <Options values={queues.data?.queues.map((q) => q.name) ?? []} />
          </InlineSelect>
        }
      >
        <QueryView query={series} loading="Loading the charts" errorTitle="Could not load the charts">
          {(data) => (
            <Suspense fallback={<LoadingState label="Drawing the charts" />}>
              <QueueCharts points={data.points} />
            </Suspense>
          )}
        </QueryView>
      </OpsSection>
    </div>
  );
}

function QueueCard({ queue: q, canAct }: { queue: QueueOverview; canAct: boolean }) {
  const action = useQueueAction();
  const [cleanState, setCleanState] = useState<'completed' | 'failed' | 'delayed' | 'wait'>('completed');
  const [cleanHours, setCleanHours] = useState(24);
  const c = q.counts;
  return (
    <li className="card ops-queue" aria-labelledby={`queue-${q.name}`}>
      <div className="ops-queue__head">
        <h3 id={`queue-${q.name}`}>{q.name}</h3>
        {q.paused ? <TagChip tone="warning">Paused</TagChip> : <TagChip tone="success">Running</TagChip>}
      </div>
      <dl className="ops-counts">
        {(
          [
            ['Waiting', c.waiting, 'queued'],
            ['Active', c.active, 'running'],
            ['Delayed', c.delayed, 'queued'],
            ['Failed', c.failed, 'failed'],
            ['Completed', c.completed, 'completed'],
          ] as const
        ).map(([label, n, state]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <Link to={`/ops/jobs?queue=${q.name}&state=${state}`} aria-label={`${label} in ${q.name}: ${n}`}>
                {n}
              </Link>
            </dd>
          </div>
        ))}
      </dl>
      <p className="ops-queue__rates">
        <span>
          <strong>{q.throughput}</strong>/min
        </span>
        <span>
          <strong>{percent(q.failureRate)}</strong> failed (1 h)
        </span>
        <span>
          oldest waiting <strong>{q.oldestWaitingAgeMs > 0 ? formatMs(q.oldestWaitingAgeMs) : '–'}</strong>
        </span>
      </p>
      {canAct && (
        <div className="row ops-queue__actions">
          {q.paused ? (
            <Button
              size="small"
              variant="secondary"
              loading={action.isPending}
              onClick={() => action.mutate({ name: q.name, action: 'resume' })}
            >
              Resume
            </Button>
          ) : (
            <ConfirmAction
              label="Pause"
              title={`Pause ${q.name}?`}
              description="Workers finish the jobs they hold and take no new ones until you resume the queue."
              onConfirm={() => action.mutateAsync({ name: q.name, action: 'pause' })}
            />
          )}
          <ConfirmAction
            label="Clean…"
            title={`Clean ${q.name}`}
            variant="destructive"
            triggerVariant="secondary"
            confirmLabel="Clean"
            description={
              <div className="ops-clean">
                <p>
                  Removes jobs from the queue. Their history stays in the console; waiting or delayed runs removed are recorded as
                  canceled.
                </p>
                <label>
                  <span>State</span>
                  <select value={cleanState} onChange={(e) => setCleanState(e.target.value as typeof cleanState)}>
                    <option value="completed">Completed</option>
                    <option value="failed">Failed</option>
                    <option value="delayed">Delayed</option>
                    <option value="wait">Waiting</option>
                  </select>
                </label>
                <label>
                  <span>Older than (hours)</span>
                  <input
                    type="number"
                    min={0}
                    max={8760}
                    value={cleanHours}
                    onChange={(e) => setCleanHours(Number(e.target.value))}
                  />
                </label>
              </div>
            }
            onConfirm={() =>
              action.mutateAsync({ name: q.name, action: 'clean', state: cleanState, ageMs: Math.max(0, cleanHours) * 3_600_000 })
            }
          />
          {action.isError && <span className="inline-error">{errorMessage(action.error)}</span>}
        </div>
      )}
    </li>
  );
}

/** bull-board for raw BullMQ access: an admin call sets its short-lived cookie, then it opens. */
function QueueBoardButton() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant="secondary"
        loading={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          // opened now (a popup opened after an await is blocked), pointed at the board once its cookie is set
          const tab = window.open('about:blank', '_blank');
          openQueueBoard()
            .then(({ url }) => {
              if (tab) tab.location.href = url;
              else window.location.assign(url);
            })
            .catch((err) => {
              tab?.close();
              setError(errorMessage(err));
            })
            .finally(() => setBusy(false));
        }}
      >
        Raw queues (bull-board)
      </Button>
      {error && <span className="inline-error">{error}</span>}
    </>
  );
}
