import type { SimulatedFlow, SimulatorItem, SimulatorItemType } from '@sparkhouse/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button, TagChip, type TagTone } from '../../../ui';
import { EmptyState, ErrorState, LoadingState } from '../../catalogue';
import { formatRelativeTime } from '../../format';
import { useJobRunLive } from '../../realtime';
import {
  SIMULATOR_ITEMS_PAGE_SIZE,
  simulatorItemKeys,
  simulatorItemsByStepQuery,
  simulatorItemsForAppQuery,
} from '../simulator-items.queries';

/** A plan is recorded a moment after its job completes: look for it this often, this long. */
const PLAN_ITEM_POLL_MS = 1000;
const PLAN_ITEM_WAIT_MS = 20_000;

const TYPE: Record<SimulatorItemType, { label: string; tone: TagTone }> = {
  'onboarding-answers': { label: 'Answers', tone: 'neutral' },
  plan: { label: 'Plan', tone: 'success' },
  screenshot: { label: 'Screenshot', tone: 'primary' },
};

export interface RunToOpen {
  testingStepId: string;
  flow: SimulatedFlow;
}

function ItemRow({ item, onOpenRun }: { item: SimulatorItem; onOpenRun?: (run: RunToOpen) => void }) {
  const type = TYPE[item.itemType];
  return (
    <li className="sim-item">
      <div className="sim-item__meta">
        <TagChip tone={type.tone}>{type.label}</TagChip>
        <TagChip>{item.flow === 'published' ? 'Published flow' : 'Draft flow'}</TagChip>
        <time className="sim-item__when" dateTime={item.createdAt} title={new Date(item.createdAt).toLocaleString()}>
          {formatRelativeTime(item.createdAt)}
        </time>
      </div>
      <span className="sim-item__title">{item.title}</span>
      <span className="sim-item__summary">{item.summary}</span>
      {onOpenRun && item.testingStepId && (
        <div>
          <Button
            size="small"
            variant="secondary"
            aria-label={`Open run: ${type.label.toLowerCase()} “${item.title}”`}
            onClick={() => onOpenRun({ testingStepId: item.testingStepId!, flow: item.flow })}
          >
            Open run
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * Everything the app's simulator recorded (answers it captured, plans it produced), newest first, a
 * page of 10 at a time; a run can be opened again in the simulator, at the step it stopped.
 */
export function SimulatorItemsPanel({ appId, onOpenRun }: { appId: string; onOpenRun: (run: RunToOpen) => void }) {
  const [page, setPage] = useState(1);
  const items = useQuery(simulatorItemsForAppQuery(appId, { page }));
  const data = items.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / SIMULATOR_ITEMS_PAGE_SIZE)) : 1;

  return (
    <section className="card sim-items" aria-labelledby="sim-items-title" aria-busy={items.isFetching}>
      <h2 id="sim-items-title">Recorded by the simulator</h2>
      {items.isPending ? (
        <LoadingState label="Loading what the simulator recorded" />
      ) : data?.failure ? (
        <ErrorState
          title="Could not load what the simulator recorded"
          error={new Error(data.failure)}
          onRetry={() => void items.refetch()}
        />
      ) : !data || data.items.length === 0 ? (
        <EmptyState title={page > 1 ? 'Nothing on this page' : 'Nothing recorded yet'}>
          <p className="muted">
            Run the simulator up to “Make the plan”: the answers it gave and the plan it made are kept here.
          </p>
          {page > 1 && (
            <Button variant="secondary" onClick={() => setPage(1)}>
              Back to the first page
            </Button>
          )}
        </EmptyState>
      ) : (
        <>
          <p className="muted">
            {data.total} {data.total === 1 ? 'item' : 'items'}, newest first.
          </p>
          <ul className="sim-items__list" aria-label="Simulator items">
            {data.items.map((item) => (
              <ItemRow key={item.itemId} item={item} onOpenRun={onOpenRun} />
            ))}
          </ul>
          {pages > 1 && (
            <nav className="sim-items__pager" aria-label="Simulator item pages">
              <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Newer
              </Button>
              <span className="muted">
                Page {page} of {pages}
              </span>
              <Button size="small" variant="secondary" disabled={!data.hasMore} onClick={() => setPage((p) => p + 1)}>
                Older
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

/**
 * What the current simulator run has recorded so far. While its plan is being made (runId) and once
 * made, the run's items are read again until the plan is among them.
 */
export function RunItems({ appId, testingStepId, runId }: { appId: string; testingStepId: string; runId: string | null }) {
  const queryClient = useQueryClient();
  const run = useJobRunLive(runId);
  const planMade = run.data?.status === 'completed';
  const finishedAt = run.data?.finishedAt ? Date.parse(run.data.finishedAt) : NaN;
  const items = useQuery({
    ...simulatorItemsByStepQuery(testingStepId),
    enabled: Boolean(runId),
    refetchInterval: (q) => {
      const hasPlan = q.state.data?.items.some((i) => i.itemType === 'plan' && i.data.runId === runId);
      const waited = Number.isFinite(finishedAt) ? Date.now() - finishedAt : 0;
      return planMade && !hasPlan && waited < PLAN_ITEM_WAIT_MS ? PLAN_ITEM_POLL_MS : false;
    },
  });
  // the plan is recorded: the app's list is out of date
  const planRecorded = Boolean(items.data?.items.some((i) => i.itemType === 'plan' && i.data.runId === runId));
  useEffect(() => {
    if (planRecorded) void queryClient.invalidateQueries({ queryKey: simulatorItemKeys.app(appId) });
  }, [planRecorded, appId, queryClient]);

  if (!runId) return null;
  return (
    <section className="sim-run-items" aria-labelledby="sim-run-items-title">
      <h3 id="sim-run-items-title">This run recorded</h3>
      {items.isPending ? (
        <LoadingState label="Loading this run’s items" />
      ) : items.data?.failure ? (
        <p className="muted" role="alert">
          Could not load this run’s items: {items.data.failure}
        </p>
      ) : items.data?.items.length === 0 ? (
        <p className="muted">Nothing yet.</p>
      ) : (
        <ul className="sim-items__list" aria-label="This run’s items">
          {items.data?.items.map((item) => (
            <ItemRow key={item.itemId} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
