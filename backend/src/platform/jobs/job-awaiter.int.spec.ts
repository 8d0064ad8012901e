import { Database } from '../database/database';
import { JobCanceled, JobCompleted, JobFailed, JobStarted } from '@sparkhouse/contracts';
import { useTestOrm } from '../../test-support';
import { EventStore } from '../events/event-store';
import { JobAwaiter } from './job-awaiter';
import { JobRequests, jobStreamId } from './job-requests';

/** The awaiter against real PostgreSQL, with this test playing the worker (appending lifecycle facts). */
describe('JobAwaiter', () => {
  const testDb = useTestOrm();
  let orm: Database;
  let awaiter: JobAwaiter;
  const store = new EventStore();
  const owner = { ownerId: 'user-1', subjectId: 'app-1' };
  const payload = { appId: 'app-1', prompt: 'a habit tracker for runners' };

  beforeAll(() => {
    orm = testDb.orm;
    awaiter = new JobAwaiter(orm, new JobRequests(store));
  });

  const worker = async (runId: string, facts: { type: string; payload: unknown }[], afterMs: number) => {
    await new Promise((r) => setTimeout(r, afterMs));
    await orm.em.fork().transactional((tem) => store.append(tem, jobStreamId(runId), facts));
  };
  const request = () =>
    orm.em.fork().transactional((tem) => new JobRequests(store).request(tem, 'creator-apps.blueprint-help', owner, payload));
  const suggestion = {
    blueprint: {
      name: 'Stride',
      tagline: 'Run your first marathon',
      audience: 'Runners',
      problem: 'Training alone is hard',
      features: [{ title: 'Plan', description: 'A weekly plan' }],
      monetisation: 'Subscription',
      tone: 'Friendly',
    },
    generatedBy: 'local-generator',
  };

  it("answers the run's result once the worker completes it", async () => {
    const runId = await request();
    const t0 = Date.now();
    const [outcome] = await Promise.all([
      awaiter.awaitRun('creator-apps.blueprint-help', runId, { timeoutMs: 5_000 }),
      worker(
        runId,
        [
          { type: JobStarted.type, payload: { runId, attempt: 1, workerId: 'w' } },
          {
            type: JobCompleted.type,
            payload: { runId, name: 'creator-apps.blueprint-help', owner, result: suggestion },
          },
        ],
        150,
      ),
    ]);
    expect(outcome).toEqual({ status: 'completed', runId, result: suggestion });
    expect(Date.now() - t0).toBeLessThan(1_500);
  });

  it('answers failed and canceled runs with their reason', async () => {
    const failedRun = await request();
    await worker(
      failedRun,
      [
        {
          type: JobFailed.type,
          payload: { runId: failedRun, name: 'creator-apps.blueprint-help', owner, attempts: 2, reason: 'model down' },
        },
      ],
      0,
    );
    expect(await awaiter.awaitRun('creator-apps.blueprint-help', failedRun, { timeoutMs: 1_000 })).toEqual({
      status: 'failed',
      runId: failedRun,
      reason: 'model down',
    });
    const canceledRun = await request();
    await worker(
      canceledRun,
      [
        {
          type: JobCanceled.type,
          payload: { runId: canceledRun, name: 'creator-apps.blueprint-help', owner, reason: 'Canceled by its owner' },
        },
      ],
      0,
    );
    expect(await awaiter.awaitRun('creator-apps.blueprint-help', canceledRun, { timeoutMs: 1_000 })).toMatchObject({
      status: 'canceled',
      reason: 'Canceled by its owner',
    });
  });

  it('stops at the deadline, or when the caller gives up, and says so', async () => {
    const runId = await request();
    const t0 = Date.now();
    expect(await awaiter.awaitRun('creator-apps.blueprint-help', runId, { timeoutMs: 300 })).toEqual({
      status: 'timed-out',
      runId,
    });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect(Date.now() - t0).toBeLessThan(1_000);
    const gone = new AbortController();
    setTimeout(() => gone.abort(), 50);
    const t1 = Date.now();
    expect(await awaiter.awaitRun('creator-apps.blueprint-help', runId, { timeoutMs: 10_000, signal: gone.signal })).toEqual({
      status: 'timed-out',
      runId,
    });
    expect(Date.now() - t1).toBeLessThan(1_000);
  });

  it('polls without forking an Db each time (hundreds of waiting callers must not swell the heap)', async () => {
    const runId = await request();
    const fork = jest.spyOn(orm.em, 'fork');
    try {
      expect(await awaiter.awaitRun('creator-apps.blueprint-help', runId, { timeoutMs: 300 })).toMatchObject({
        status: 'timed-out',
      });
      expect(fork).not.toHaveBeenCalled();
    } finally {
      fork.mockRestore();
    }
  });

  it('looks up every run being waited for in one query per round, however many callers wait', async () => {
    const runs = await Promise.all(Array.from({ length: 40 }, () => request()));
    const connection = orm.em.getConnection();
    const execute = jest.spyOn(connection, 'execute');
    try {
      const waits = runs.map((runId) => awaiter.awaitRun('creator-apps.blueprint-help', runId, { timeoutMs: 10_000 }));
      // every run is seen looked up at least once before any finishes (polled for, with a deadline)
      const deadline = Date.now() + 5_000;
      while (execute.mock.calls.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await Promise.all(
        runs.map((runId) =>
          worker(
            runId,
            [{ type: JobCompleted.type, payload: { runId, name: 'creator-apps.blueprint-help', owner, result: suggestion } }],
            0,
          ),
        ),
      );
      const outcomes = await Promise.all(waits);
      expect(outcomes.map((o) => o.status)).toEqual(runs.map(() => 'completed'));
      expect(outcomes.map((o) => o.runId)).toEqual(runs);
      const lookups = execute.mock.calls.filter(([sql]) => /from domain_event/.test(sql));
      expect(lookups.length).toBeGreaterThanOrEqual(2);
      // one query per round asked for all 40 runs: far fewer queries than callers times rounds
      const asked = lookups.map(([, params]) => params![0]);
      expect(asked.every((ids) => Array.isArray(ids) && ids.length <= 40)).toBe(true);
      expect(asked.some((ids) => Array.isArray(ids) && ids.length === 40)).toBe(true);
    } finally {
      execute.mockRestore();
    }
  });

  it('answers each caller waiting for the same run', async () => {
    const runId = await request();
    const both = Promise.all([
      awaiter.awaitRun('creator-apps.blueprint-help', runId, { timeoutMs: 5_000 }),
      awaiter.awaitRun('creator-apps.blueprint-help', runId, { timeoutMs: 5_000 }),
    ]);
    await worker(
      runId,
      [{ type: JobFailed.type, payload: { runId, name: 'creator-apps.blueprint-help', owner, attempts: 1, reason: 'boom' } }],
      50,
    );
    expect(await both).toEqual([
      { status: 'failed', runId, reason: 'boom' },
      { status: 'failed', runId, reason: 'boom' },
    ]);
  });

  it('requests the job itself (requestAndAwait): the JobRequested is committed before the wait', async () => {
    const waiting = awaiter.requestAndAwait('creator-apps.blueprint-help', owner, payload, { timeoutMs: 400 });
    const outcome = await waiting;
    expect(outcome.status).toBe('timed-out');
    const [first] = await store.readStream(orm.em.fork(), jobStreamId(outcome.runId));
    expect(first).toMatchObject({ type: 'JobRequested', payload: { name: 'creator-apps.blueprint-help', owner, payload } });
  });
});
