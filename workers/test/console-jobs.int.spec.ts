import { randomUUID } from 'node:crypto';
import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AccessTokens, HandlesJob, Metrics, WorkerRuntime, type JobContext, type JobProcessor } from '@sparkhouse/backend';
import { createTestDatabase, eventually, startApi, testConfig } from '@sparkhouse/backend/test-support';
import type { JobResult } from '@sparkhouse/contracts';
import { PipelineCheckProcessor } from '../src/processors/pipeline-check.processor';
import { WorkerModule } from '../src/worker.module';

/** A pipeline check that fails while `failing` is on: an outage an operator waits out, then retries. */
let failing = true;
@HandlesJob('operations.pipeline-check')
@Injectable()
class FlakyPipelineCheck implements JobProcessor<'operations.pipeline-check'> {
  async run(ctx: JobContext<'operations.pipeline-check'>): Promise<JobResult<'operations.pipeline-check'>> {
    await ctx.progress(0, 'step 1', 'Checking step 1 of 1');
    if (failing) throw new Error('The mail server is down');
    await ctx.progress(100, 'step 1', 'All 1 steps passed');
    return { stepsCompleted: 1, workerPid: process.pid, queuedForMs: 0 };
  }
}

/** The console acting on real runs: an API and a worker against PostgreSQL and Redis. */
describe('operations console with a real worker', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: Awaited<ReturnType<typeof startApi>>;
  let worker: INestApplicationContext;
  let operator: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig(db.url, { OPERATIONS_OPEN_PIPELINE_CHECKS: 'false' });
    api = await startApi(config);
    const moduleRef = await Test.createTestingModule({ imports: [WorkerModule.forRoot({ ...config, RUN_PROJECTIONS: false })] })
      .overrideProvider(PipelineCheckProcessor)
      .useClass(FlakyPipelineCheck)
      .compile();
    worker = await moduleRef.init();
    await worker.get(WorkerRuntime).start();
    operator = await api.app.get(AccessTokens).sign({ sub: randomUUID(), 'cognito:groups': ['operations-operator'] });
  });
  afterAll(async () => {
    await worker?.close();
    await api?.app.close();
    await db?.drop();
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${api.baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${operator}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const detail = async (runId: string) => (await call('GET', `/operations/jobs/${runId}`)).body.response;

  it('retries a failed run, which then completes; both attempts stay in its story', async () => {
    const { body } = await call('POST', '/operations/pipeline-checks', { steps: 1 });
    const runId = body.response.runId as string;
    const failed = await eventually(
      async () => {
        const d = await detail(runId);
        return d?.status === 'failed' ? d : null;
      },
      { timeoutMs: 30_000 },
    );
    expect(failed.error).toBe('The mail server is down');
    expect(failed.attemptsDetail[0].stack).toContain('FlakyPipelineCheck');

    failing = false;
    expect((await call('POST', `/operations/jobs/${runId}/retry`)).status).toBe(202);
    const completed = await eventually(
      async () => {
        const d = await detail(runId);
        return d?.status === 'completed' ? d : null;
      },
      { timeoutMs: 30_000 },
    );
    expect(completed.attemptsDetail.map((a: { outcome: string }) => a.outcome)).toEqual(['failed', 'completed']);
    expect(completed.logs.map((l: { text: string }) => l.text)).toEqual(
      expect.arrayContaining(['Failed: The mail server is down', expect.stringMatching(/^Retry 1 requested by /), 'Completed']),
    );
    expect(completed.message).toBe('All 1 steps passed');
  });

  it('bulk-retries the failed runs of a queue', async () => {
    failing = true;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await call('POST', '/operations/pipeline-checks', { steps: 1 })).body.response.runId);
    await eventually(async () => (await Promise.all(ids.map(detail))).every((d) => d?.status === 'failed'), {
      timeoutMs: 30_000,
    });
    failing = false;
    const retried = await call('POST', '/operations/jobs/retry-failed?queue=operations');
    expect(retried.body.response.retried).toBe(3);
    await eventually(async () => (await Promise.all(ids.map(detail))).every((d) => d.status === 'completed'), {
      timeoutMs: 30_000,
    });
  });

  it("serves the worker's metrics (job durations per queue and job, its process) with the API's", async () => {
    worker.get(Metrics).startAs('worker');
    const admin = await api.app.get(AccessTokens).sign({ sub: randomUUID(), 'cognito:groups': ['admin'] });
    const text = await eventually(async () => {
      const res = await fetch(`${api.baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${admin}` } });
      const body = await res.text();
      return body.includes('process="worker"') ? body : null;
    });
    expect(text).toMatch(
      /sparkhouse_job_duration_seconds_count\{[^}]*queue="operations",name="operations.pipeline-check",outcome="completed"[^}]*process="worker"[^}]*\} [1-9]/,
    );
    expect(text).toMatch(/sparkhouse_job_duration_seconds_count\{[^}]*outcome="failed"[^}]*\} [1-9]/);
    expect(text).toMatch(/sparkhouse_process_cpu_seconds_total\{[^}]*process="worker"/);
  });

  it('rebuilds a projection as a job: progress reaches the run, the read model is the same after', async () => {
    const before = (await call('GET', '/operations/jobs?limit=200')).body.response.jobs.map(
      (j: { runId: string; status: string }) => [j.runId, j.status],
    );
    const { body } = await call('POST', '/operations/projections/operations.job-runs/rebuild');
    const runId = body.response.runId as string;
    const done = await eventually(
      async () => {
        const d = await detail(runId);
        return d?.status === 'completed' ? d : null;
      },
      { timeoutMs: 60_000 },
    );
    expect(done.timeline.map((s: { step: string }) => s.step)).toEqual(
      expect.arrayContaining(['copying', 'replaying', 'switching']),
    );
    const projections = (await call('GET', '/operations/projections')).body.response.projections;
    const jobRuns = projections.find((p: { name: string }) => p.name === 'operations.job-runs');
    expect(jobRuns.rebuild).toMatchObject({ status: 'completed', phase: 'done', runId });
    expect(jobRuns.rebuilding).toBe(false);
    const after = (await call('GET', '/operations/jobs?limit=200')).body.response.jobs
      .filter((j: { runId: string }) => j.runId !== runId)
      .map((j: { runId: string; status: string }) => [j.runId, j.status]);
    expect(after).toEqual(before);
  });
});
