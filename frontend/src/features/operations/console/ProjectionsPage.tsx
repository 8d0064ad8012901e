import type { ProjectionStatus } from '@sparkhouse/contracts';
import { Link } from 'react-router';
import { QueryView } from '../../catalogue';
import { ProgressBar, TagChip } from '../../../ui';
import { useProjections, useRebuild } from './console-api';
import { useOpsAccess } from './OpsLayout';
import { ConfirmAction, formatMs, formatTime, OpsSection } from './parts';

/** /ops/projections: every read model, how far behind the log it is, and its rebuild, live. */
export function ProjectionsPage() {
  const projections = useProjections();
  return (
    <QueryView query={projections} loading="Loading the read models">
      {(data) => (
        <OpsSection id="projections" title="Read models" aside={<span className="muted">Log head #{data.head}</span>}>
          <p className="muted">
            A rebuild replays the whole event log into a new copy while the live read model keeps answering; the copy takes its
            place once it has caught up. A failed rebuild leaves the live one as it was.
          </p>
          <ul className="ops-projections stack-list" aria-label="Read models">
            {data.projections.map((p) => (
              <ProjectionRow key={p.name} p={p} />
            ))}
          </ul>
        </OpsSection>
      )}
    </QueryView>
  );
}

function ProjectionRow({ p }: { p: ProjectionStatus }) {
  const access = useOpsAccess();
  const rebuild = useRebuild();
  const r = p.rebuild;
  const share = r && r.eventsTotal > 0 ? Math.min(100, (r.eventsReplayed / r.eventsTotal) * 100) : 0;
  return (
    <li className="ops-projection" aria-labelledby={`projection-${p.name}`}>
      <div className="ops-queue__head">
        <h3 id={`projection-${p.name}`}>{p.name}</h3>
        {p.rebuilding ? (
          <TagChip tone="primary">Rebuilding</TagChip>
        ) : p.lag > 0 ? (
          <TagChip tone="warning">{`${p.lag} behind`}</TagChip>
        ) : (
          <TagChip tone="success">Up to date</TagChip>
        )}
      </div>
      <p className="muted">
        v{p.version} · checkpoint #{p.checkpoint} · lag {p.lag} event{p.lag === 1 ? '' : 's'}
        {p.updatedAt && ` · moved ${formatTime(p.updatedAt)}`}
      </p>
      {r && (r.status === 'running' || p.rebuilding) ? (
        <div className="ops-rebuild" aria-live="polite">
          <ProgressBar value={r.phase === 'done' ? 100 : share} label={`Rebuild of ${p.name}`} />
          <p>
            {r.phase === 'copying' ? 'Copying the tables…' : r.phase === 'switching' ? 'Switching to the new copy…' : 'Replaying'}{' '}
            <strong>{r.eventsReplayed}</strong> of {r.eventsTotal} events · {Math.round(r.rate)}/s
            {r.etaMs !== null && r.phase === 'replaying' ? ` · about ${formatMs(r.etaMs)} left` : ''}
          </p>
        </div>
      ) : r ? (
        <p className={r.status === 'failed' ? 'inline-error' : 'muted'}>
          Last rebuild {r.status} {formatTime(r.finishedAt)}: {r.eventsReplayed} events
          {r.error ? ` — ${r.error}` : ''}
          {r.runId && (
            <>
              {' '}
              (<Link to={`/ops/jobs/${r.runId}`}>its run</Link>)
            </>
          )}
        </p>
      ) : null}
      {access.canAct && (
        <ConfirmAction
          label="Rebuild"
          title={`Rebuild ${p.name}?`}
          description="The whole event log is replayed into a new copy in the background; readers keep the current one until the copy has caught up."
          disabled={p.rebuilding}
          onConfirm={() => rebuild.mutateAsync(p.name)}
        />
      )}
    </li>
  );
}
