import { useSearchParams } from 'react-router';
import { PageHeader } from '../layout/PageHeader';
import { LiveRun } from './LiveRun';
import { PipelineCheckForm } from './PipelineCheckForm';
import { RecentRuns } from './RecentRuns';

/** /ops/jobs: start a pipeline check and watch it live. The run id lives in the URL, so a reload resumes. */
export function JobsPage() {
  const [params, setParams] = useSearchParams();
  const runId = params.get('run');
  const select = (id: string) => setParams({ run: id }, { replace: false });

  return (
    <div className="page ops">
      <PageHeader eyebrow="Operations" title="Background jobs">
        <p>Check that the job pipeline works end to end, and follow runs as they happen.</p>
      </PageHeader>
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
