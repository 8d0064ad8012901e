import { JOBS, pipelineCheckResultSchema, type JobRunView } from '@sparkhouse/contracts';
import { isTerminalStatus } from '../../api/operations.queries';
import { formatSpan } from '../format';
import { CancelRunButton, RunLoadStates, RunProgress, runMessage, useJobRunLive, useRunClock } from '../realtime';
import { JobStatusChip } from './JobStatusChip';

type StepState = 'done' | 'current' | 'failed' | 'pending';

/** The run's named steps: those it went through, then the job's declared steps it has not reached. */
export function stepStates(run: JobRunView): { step: string; state: StepState }[] {
  const seen = run.steps.map((s) => s.step);
  // the run's own plan (a pipeline check of 3 steps plans 3), else its job's declared steps
  const declared = run.plannedSteps?.length
    ? run.plannedSteps
    : ((JOBS as Record<string, { steps: readonly string[] } | undefined>)[run.name]?.steps ?? []);
  // A finished run shows only the steps it reached; a live one also shows what is still ahead.
  const ahead = isTerminalStatus(run.status) ? [] : declared.filter((s) => !seen.includes(s));
  const names = [...seen, ...ahead];
  const current = run.status === 'running' || run.status === 'queued' ? run.step : null;
  return names.map((step) => {
    if (!seen.includes(step)) return { step, state: 'pending' };
    if (step === run.step && run.status === 'failed') return { step, state: 'failed' };
    if (step === current) return { step, state: 'current' };
    return { step, state: 'done' };
  });
}

/** How long the run has been running (or ran): from its start, or from when it was asked for while queued. */
function useElapsed(run: JobRunView): number | null {
  const now = useRunClock(run, 250);
  const active = !isTerminalStatus(run.status);
  if (run.durationMs !== null && !active) return run.durationMs;
  const start = Date.parse(run.startedAt ?? run.requestedAt);
  const end = run.finishedAt ? Date.parse(run.finishedAt) : now;
  return Number.isFinite(start) ? Math.max(0, end - start) : null;
}

const STEP_LABEL: Record<StepState, string> = { done: 'done', current: 'in progress', failed: 'failed', pending: 'pending' };

function RunResult({ run }: { run: JobRunView }) {
  if (run.status === 'failed') {
    return (
      <div className="run__outcome run__outcome--failed" role="alert">
        <strong>Failed.</strong> {run.error ?? 'The job failed without a reason.'}
      </div>
    );
  }
  if (run.status === 'canceled') {
    return <div className="run__outcome run__outcome--canceled">Canceled before it finished.</div>;
  }
  if (run.status !== 'completed') return null;
  const parsed = pipelineCheckResultSchema.safeParse(run.result);
  return (
    <div className="run__outcome run__outcome--completed" aria-label="Result">
      <strong>Completed.</strong>
      {parsed.success ? (
        <dl className="run__facts">
          <div>
            <dt>Steps completed</dt>
            <dd>{parsed.data.stepsCompleted}</dd>
          </div>
          <div>
            <dt>Worker process</dt>
            <dd>{parsed.data.workerPid}</dd>
          </div>
          <div>
            <dt>Waited in queue</dt>
            <dd>{Math.round(parsed.data.queuedForMs)} ms</dd>
          </div>
        </dl>
      ) : (
        run.result !== null && <pre className="code-block">{JSON.stringify(run.result, null, 2)}</pre>
      )}
    </div>
  );
}

export function LiveRun({ runId }: { runId: string }) {
  const live = useJobRunLive(runId);
  return (
    <RunLoadStates
      live={live}
      className="card run"
      label="Current run"
      loadingLabel="Loading the run"
      notFound="This run does not exist, or it is not yours."
    >
      {(run) => <LiveRunView run={run} />}
    </RunLoadStates>
  );
}

function LiveRunView({ run }: { run: JobRunView }) {
  const elapsed = useElapsed(run);
  const active = !isTerminalStatus(run.status);
  return (
    <section className="card run" aria-labelledby="run-title" aria-busy={active}>
      <div className="run__head">
        <div>
          <h2 id="run-title">Current run</h2>
          <p className="run__id">
            <code title={run.runId}>{run.runId}</code>
          </p>
        </div>
        <div className="run__status">
          <JobStatusChip status={run.status} />
          {active && <CancelRunButton runId={run.runId} label="Cancel run" />}
        </div>
      </div>

      <RunProgress run={run} label="Run progress" />

      <div className="run__meta">
        <p aria-live="polite" className="run__message">
          {runMessage(run)}
        </p>
        <p className="run__elapsed">
          <span className="muted">Elapsed</span>{' '}
          <time aria-label="Elapsed time">{elapsed === null ? '–' : formatSpan(elapsed)}</time>
        </p>
      </div>

      <ol className="steps" aria-label="Steps">
        {stepStates(run).map(({ step, state }) => (
          <li key={step} className={`steps__item steps__item--${state}`}>
            <span className="steps__marker" aria-hidden="true">
              {state === 'done' ? '✓' : state === 'failed' ? '!' : ''}
            </span>
            <span className="steps__name">{step}</span>
            <span className="visually-hidden">, {STEP_LABEL[state]}</span>
          </li>
        ))}
      </ol>

      <RunResult run={run} />
    </section>
  );
}
