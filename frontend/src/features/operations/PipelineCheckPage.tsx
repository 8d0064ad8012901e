import { useSearchParams } from 'react-router';
import { LiveRun } from './LiveRun';
import { PipelineCheckForm } from './PipelineCheckForm';
import { RecentRuns } from './RecentRuns';

/** /ops/pipeline-check: start a synthetic job and watch it live. The run id lives in the URL, so a reload resumes. */
export function PipelineCheckPage() {
  const [params, setParams] = useSearchParams();
  const runId = params.get('run');
  const select = (id: string) => setParams({ run: id }, { replace: false });

  return (
    <div className="ops-stack">
      <p className="muted">
        Check that the job pipeline works end to end — command, event, queue, worker, live push — and follow runs as they happen.
      </p>
      <div className="ops__grid">
        <PipelineCheckForm onStarted={select} />
        {runId ? (
          <LiveRun key={runId} runId={runId} />
        ) : (
          <section className="card run run--empty" aria-label="Current run">
            <h2>No run selected</h2>
            <p className="muted">Start a pipeline check, or pick a run from the list below, to watch its progress here.</p>
          </section>
        )}
      </div>
      <RecentRuns selectedRunId={runId} onSelect={select} />
    </div>
  );
}
