import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { OPERATIONS_GROUPS, QUEUES } from '@sparkhouse/contracts';
import { AccessTokens } from '../../../platform/auth/access-tokens';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { createTestDatabase, eventually, startApi, testConfig } from '../../../test-support';
import { JobRunReconciler } from '../reactors/job-run-reconciliation.reactor';

/*
 * Chaos: the queue's data is lost (Redis restarted without it) while runs wait in it. Nothing stays
 * stuck: the console's Cancel, Remove and Retry work on such runs, and the reconciler records the
 * others as failed with a reason that says what happened (so they can be retried, and whatever waits
 * for them is freed), once, however often it runs. No worker runs here: the jobs stay waiting.
 */
describe('runs whose queue data was lost (real PostgreSQL and Redis)', () => {
  let app: NestExpressApplication;
  let base: string;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const tokens = new Map<'admin' | 'operator' | 'viewer', string>();

  beforeAll(async () => {
    db = await createTestDatabase();
    // the reconciler's round is run by the test itself; quiet runs count at once
    ({ app, baseUrl: base } = await startApi(testConfig(db.url, { JOBS_RECONCILE_MS: '3600000', JOBS_LOST_AFTER_MS: '0' })));
    const groups = { admin: ['admin'], operator: [OPERATIONS_GROUPS.operator], viewer: [OPERATIONS_GROUPS.viewer] };
    for (const [who, g] of Object.entries(groups)) {
      const id = randomUUID();
      tokens.set(
        who as never,
        await app.get(AccessTokens).sign({ sub: id, email: `${who}-${id}@example.com`, 'cognito:groups': g }),
      );
    }
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const call = async (who: 'admin' | 'operator' | 'viewer', method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${tokens.get(who)}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const detail = async (runId: string) => (await call('viewer', 'GET', `/operations/jobs/${runId}`)).body.response;
  const queue = () => app.get(JobQueues).queue(QUEUES.operations);
  /** `count` pipeline checks started by the admin, one after the other: their run ids, oldest first. */
  const startChecks = async (count: number, steps: number) => {
    const runIds: string[] = [];
    for (let i = 0; i < count; i++) {
      const started = await call('admin', 'POST', '/operations/pipeline-checks', { steps });
      expect(started.status).toBe(202);
      runIds.push(started.body.response.runId);
    }
    return runIds;
  };

  it('cancels, removes and retries lost runs from the console, and the reconciler fails the rest once', async () => {
    const runIds = await startChecks(4, 2);
    for (const runId of runIds) {
      await eventually(async () => Boolean(await queue().getJob(runId)));
      await eventually(async () => (await detail(runId))?.status === 'queued');
    }
    // nothing was lost yet: the reconciler leaves runs whose jobs wait in their queue alone
    expect(await app.get(JobRunReconciler).reconcile()).toBe(0);

    // the queue's data is lost
    await queue().obliterate({ force: true });
    const [canceled, removed, retried, stuck] = runIds;
    const lostDetail = await detail(removed);
    expect(lostDetail.queueState).toBeNull();
    expect(lostDetail.actions).toMatchObject({ retry: true, remove: true, cancel: true });

    expect((await call('operator', 'POST', `/operations/jobs/${canceled}/cancel`)).status).toBe(202);
    await eventually(async () => (await detail(canceled)).status === 'canceled');

    const remove = await call('operator', 'POST', `/operations/jobs/${removed}/remove`);
    expect(remove.status).toBeLessThan(300);
    expect(remove.body.response).toEqual({ runId: removed, status: 'canceled' });
    await eventually(async () => (await detail(removed)).status === 'canceled');

    expect((await call('operator', 'POST', `/operations/jobs/${retried}/retry`)).status).toBeLessThan(300);
    await eventually(async () => Boolean(await queue().getJob(retried)));

    // the one nobody acted on is recorded as failed, with the reason, once
    const reconciler = app.get(JobRunReconciler);
    await eventually(async () => (await reconciler.reconcile()) === 1);
    await eventually(async () => (await detail(stuck)).status === 'failed');
    const failed = await detail(stuck);
    expect(failed.error).toContain('lost from the queue');
    expect(failed.actions.retry).toBe(true);
    expect(await reconciler.reconcile()).toBe(0);
    expect((await detail(retried)).status).toBe('queued');
    expect((await detail(canceled)).status).toBe('canceled');

    // and an operator runs it again
    expect((await call('operator', 'POST', `/operations/jobs/${stuck}/retry`)).status).toBeLessThan(300);
    await eventually(async () => Boolean(await queue().getJob(stuck)));
    await eventually(async () => (await detail(stuck)).status === 'queued');
  });

  it('looks at a backlog longer than a round in turn: a lost run behind a page of waiting ones is found', async () => {
    const runIds = await startChecks(3, 1);
    for (const runId of runIds) await eventually(async () => Boolean(await queue().getJob(runId)));
    // only the newest run's job is lost; the older ones (and the first test's) still wait in the queue
    const lost = runIds[2];
    await (await queue().getJob(lost))!.remove();

    // rounds of two runs: the oldest two wait, so a round that always began at the oldest never got here
    const reconciler = app.get(JobRunReconciler);
    await eventually(async () => (await reconciler.reconcile(2)) === 1);
    await eventually(async () => (await detail(lost)).status === 'failed');
    expect((await detail(lost)).error).toContain('lost from the queue');
    for (const runId of runIds.slice(0, 2)) expect((await detail(runId)).status).toBe('queued');
  });
});
