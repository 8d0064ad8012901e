import { Database } from '../../../platform/database/database';
import {
  JobAttemptFailed,
  JobCanceled,
  JobCompleted,
  JobFailed,
  JobProgressed,
  JobRequested,
  JobRequeued,
  JobStarted,
} from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { SubscriptionProcessor } from '../../../platform/events/subscription-processor';
import { useTestOrm, projectionSpec, rowsScannedIn, storedEvent } from '../../../test-support';
import { asRunnerHolds } from '../../../test-support/subscribers';
import { jobRunsProjection } from './job-runs.projection';

describe('job_run projection', () => {
  const testDb = useTestOrm();
  let orm: Database;
  const store = new EventStore();
  const projection = asRunnerHolds(jobRunsProjection);

  beforeAll(async () => {
    orm = testDb.orm;
  });

  const rows = () => orm.em.fork().getConnection().execute('select * from job_run where run_id = ? order by run_id', [runId]);
  const owner = { ownerId: 'anon_projection_01' };
  const runId = '11111111-1111-4111-8111-111111111111';

  it('given a completed run: status, percent, steps, result and duration', async () => {
    const id = '22222222-2222-4222-8222-222222222222';
    const t = (ms: number) => new Date(Date.UTC(2026, 10, 21, 12, 0, 0, ms));
    const stream = `job-${id}`;
    await projectionSpec(orm, projection)
      .given([
        storedEvent(
          stream,
          JobRequested.type,
          { runId: id, name: 'operations.pipeline-check', queue: 'operations', owner, payload: {}, steps: ['queued'] },
          t(0),
        ),
        storedEvent(stream, JobStarted.type, { runId: id, attempt: 1, workerId: 'w' }, t(100)),
        storedEvent(stream, JobProgressed.type, { runId: id, percent: 50, step: 'checking', message: 'half way' }, t(200)),
        storedEvent(stream, JobProgressed.type, { runId: id, percent: 100, step: 'reporting', message: 'done' }, t(300)),
        storedEvent(
          stream,
          JobCompleted.type,
          { runId: id, name: 'operations.pipeline-check', owner, result: { ok: true } },
          t(350),
        ),
        // a late progress report must not reopen a finished run
        storedEvent(stream, JobProgressed.type, { runId: id, percent: 10, step: 'late', message: 'ignored' }, t(400)),
      ])
      .expectReadModel(async (em) => {
        const [row] = await em.getConnection().execute('select * from job_run where run_id = ?', [id]);
        expect(row).toMatchObject({
          status: 'completed',
          percent: 100,
          step: 'reporting',
          attempts: 1,
          duration_ms: 250,
          result: { ok: true },
          error: null,
        });
        expect(row.steps.map((x: { step: string }) => x.step)).toEqual(['checking', 'reporting']);
      });
  });

  it('given a canceled run: its reason is the message and nothing else changes after', async () => {
    const id = '33333333-3333-4333-8333-333333333333';
    const stream = `job-${id}`;
    await projectionSpec(orm, projection)
      .given([
        storedEvent(stream, JobRequested.type, {
          runId: id,
          name: 'operations.pipeline-check',
          queue: 'operations',
          owner,
          payload: {},
          steps: [],
        }),
        storedEvent(stream, JobCanceled.type, {
          runId: id,
          name: 'operations.pipeline-check',
          owner,
          reason: 'Canceled before it started',
        }),
        storedEvent(stream, JobStarted.type, { runId: id, attempt: 1, workerId: 'w' }),
      ])
      .expectReadModel(async (em) => {
        const [row] = await em.getConnection().execute('select status, message, started_at from job_run where run_id = ?', [id]);
        expect(row).toMatchObject({ status: 'canceled', message: 'Canceled before it started', started_at: null });
      });
  });

  it('folds a failing run, and a replay from position 0 gives the identical rows', async () => {
    const append = (events: { type: string; payload: unknown }[]) =>
      orm.em.fork().transactional((tem) => store.append(tem, `job-${runId}`, events as never));
    await append([
      {
        type: JobRequested.type,
        payload: { runId, name: 'operations.pipeline-check', queue: 'operations', owner, payload: {}, steps: ['queued'] },
      },
    ]);
    await append([{ type: JobStarted.type, payload: { runId, attempt: 1, workerId: 'w1' } }]);
    await append([
      { type: JobProgressed.type, payload: { runId, percent: 0, step: 'checking', message: 'Checking step 1 of 3' } },
      { type: JobProgressed.type, payload: { runId, percent: 33.3, step: 'checking', message: 'Checking step 2 of 3' } },
      { type: JobFailed.type, payload: { runId, name: 'operations.pipeline-check', owner, attempts: 1, reason: 'boom' } },
    ]);
    const processor = new SubscriptionProcessor(orm);
    await processor.ensureCheckpoint(projection);
    await processor.catchUp(projection, 2);
    const live = await rows();
    expect(live[0]).toMatchObject({ status: 'failed', error: 'boom', percent: 33.3, message: 'Checking step 2 of 3' });

    await processor.reset(projection);
    await processor.catchUp(projection, 500, { lockHeld: true });
    expect(await rows()).toEqual(live);
  });
  it('applies the start and reports a completion carries as the facts they stand for, alone and in a batch', async () => {
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 21, 12, 0, 0, ms));
    const name = 'operations.pipeline-check';
    const reports = [
      { percent: 0, step: 'fetch', message: 'Fetching', at: at(20).toISOString() },
      { percent: 60, step: 'render', message: 'Rendering', at: at(30).toISOString() },
      { percent: 100, step: 'render', message: 'All done', at: at(40).toISOString() },
    ];
    const facts = (id: string, carried: boolean) => [
      storedEvent(
        `job-${id}`,
        JobRequested.type,
        { runId: id, name, queue: 'operations', owner, payload: {}, steps: ['fetch', 'render'] },
        at(0),
      ),
      // stored with the reports, after the worker started it (at 10)
      ...(carried
        ? []
        : [
            storedEvent(`job-${id}`, JobStarted.type, { runId: id, attempt: 1, workerId: 'w', at: at(10).toISOString() }, at(45)),
            ...reports.map((r) => storedEvent(`job-${id}`, JobProgressed.type, { runId: id, ...r }, at(45))),
          ]),
      storedEvent(
        `job-${id}`,
        JobCompleted.type,
        {
          runId: id,
          name,
          owner,
          result: { ok: 1 },
          ...(carried ? { started: { attempt: 1, workerId: 'w', at: at(10).toISOString() }, progress: reports } : {}),
        },
        at(50),
      ),
    ];
    const [separate, alone, batched] = ['5a', '5b', '5c'].map((k) => `${k}555555-5555-4555-8555-555555555555`);
    await orm.em.fork().transactional(async (tx) => {
      for (const e of [...facts(separate, false), ...facts(alone, true)]) await jobRunsProjection.handle(tx, e as never);
      await jobRunsProjection.handleBatch!(tx, facts(batched, true) as never);
    });
    const read = async (id: string) => {
      const [row] = await orm.em.fork().getConnection().execute('select * from job_run where run_id = ?', [id]);
      return { ...row, run_id: null };
    };
    const expected = await read(separate);
    expect(expected).toMatchObject({
      status: 'completed',
      attempts: 1,
      percent: 100,
      step: 'render',
      message: 'All done',
      duration_ms: 40,
    });
    // when the worker began, not when the start was stored
    expect(new Date(expected.started_at).toISOString()).toBe(at(10).toISOString());
    expect(expected.steps).toEqual([
      { step: 'fetch', startedAt: at(20).toISOString() },
      { step: 'render', startedAt: at(30).toISOString() },
    ]);
    expect(await read(alone)).toEqual(expected);
    expect(await read(batched)).toEqual(expected);
  });

  it('applies a batch with the same rows as its facts one by one (progress and completion merged per run)', async () => {
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 21, 12, 0, 0, ms));
    const name = 'operations.pipeline-check';
    const progress = (id: string, percent: number, step: string, ms: number) =>
      storedEvent(`job-${id}`, JobProgressed.type, { runId: id, percent, step, message: `${step} ${percent}` }, at(ms));
    const requested = (id: string) =>
      storedEvent(
        `job-${id}`,
        JobRequested.type,
        { runId: id, name, queue: 'operations', owner, payload: {}, steps: ['a'] },
        at(0),
      );
    const started = (id: string, ms: number) =>
      storedEvent(`job-${id}`, JobStarted.type, { runId: id, attempt: 1, workerId: 'w' }, at(ms));
    const completed = (id: string, ms: number) =>
      storedEvent(`job-${id}`, JobCompleted.type, { runId: id, name, owner, result: { n: ms } }, at(ms));
    // each scenario: a run's facts in order, as a worker and the console would write them
    const scenarios: ((id: string) => ReturnType<typeof storedEvent>[])[] = [
      // repeated and new steps, then the end, then a late report
      (id) => [
        requested(id),
        started(id, 10),
        progress(id, 0, 'a', 20),
        progress(id, 50, 'a', 30),
        progress(id, 90, 'b', 40),
        completed(id, 50),
        progress(id, 99, 'late', 60),
      ],
      // reports after a failure are ignored; a completion after them still ends the run
      (id) => [
        requested(id),
        started(id, 10),
        progress(id, 10, 'x', 20),
        storedEvent(`job-${id}`, JobFailed.type, { runId: id, name, owner, attempts: 1, reason: 'boom' }, at(30)),
        progress(id, 20, 'y', 40),
        progress(id, 30, 'z', 50),
        completed(id, 60),
      ],
      // canceled before any report: the reports do nothing, the completion is applied as it is
      (id) => [
        requested(id),
        storedEvent(`job-${id}`, JobCanceled.type, { runId: id, name, owner, reason: 'stop' }, at(5)),
        progress(id, 40, 'p', 20),
        completed(id, 30),
      ],
      // a failed attempt between reports: the reports before it are written before it
      (id) => [
        requested(id),
        started(id, 10),
        progress(id, 10, 'a', 20),
        storedEvent(
          `job-${id}`,
          JobAttemptFailed.type,
          { runId: id, name, attempt: 1, reason: 'flaky', retryInMs: 1000 },
          at(30),
        ),
        progress(id, 20, 'a', 40),
        progress(id, 30, 'c', 50),
      ],
      // only reports, no end
      (id) => [requested(id), started(id, 10), progress(id, 10, 'a', 20), progress(id, 20, 'b', 30)],
      // a completion with nothing held before it in the batch, a start alone, and a second start
      (id) => [requested(id), completed(id, 10)],
      (id) => [requested(id), started(id, 10)],
      (id) => [
        requested(id),
        started(id, 10),
        progress(id, 10, 'a', 20),
        storedEvent(`job-${id}`, JobRequeued.type, { runId: id, name, reason: 'stalled' }, at(25)),
        started(id, 30),
        progress(id, 40, 'a', 40),
        progress(id, 60, 'b', 50),
        completed(id, 60),
      ],
    ];
    const ids = (k: number, kind: string) => `${kind}${k}444444-4444-4444-8444-444444444444`.slice(0, 36);
    const one = scenarios.map((make, k) => make(ids(k, 'a')));
    const batched = scenarios.map((make, k) => make(ids(k, 'b')));
    // the batch interleaves the runs' facts: only each run's own order is kept
    const batch: ReturnType<typeof storedEvent>[] = [];
    for (let k = 0; k < Math.max(...batched.map((e) => e.length)); k++) batch.push(...batched.map((e) => e[k]).filter(Boolean));
    expect(batch).toHaveLength(batched.flat().length);
    await orm.em.fork().transactional(async (tx) => {
      for (const e of one.flat()) await jobRunsProjection.handle(tx, e as never);
      await jobRunsProjection.handleBatch!(tx, batch as never);
    });
    const read = (id: string) =>
      orm.em
        .fork()
        .getConnection()
        .execute('select * from job_run where run_id = ?', [id])
        .then(([row]) => ({ ...row, run_id: null }));
    for (let k = 0; k < scenarios.length; k++) {
      const expected = await read(ids(k, 'a'));
      expect(expected.status).toBeDefined();
      expect(await read(ids(k, 'b'))).toEqual(expected);
    }
  });
  it("finds a batch's runs by key: a few runs' reports do not read the whole table", async () => {
    const name = 'operations.pipeline-check';
    // some thousands of runs already projected (a busy day's worth, at a bench's scale)
    await orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into job_run (run_id, name, queue, owner_id, status, steps, requested_at, planned_steps)
         select gen_random_uuid(), ?, 'operations', 'anon_projection_01', 'completed', '[]', now(), '[]'
           from generate_series(1, 5000)`,
        [name],
      );
    await orm.em.fork().getConnection().execute('analyze job_run');
    const id = (k: number) => `${k}5555555-5555-4555-8555-555555555555`.slice(-36);
    const batch = [0, 1, 2, 3].flatMap((k) => [
      storedEvent(`job-${id(k)}`, JobStarted.type, { runId: id(k), attempt: 1, workerId: 'w' }),
      storedEvent(`job-${id(k)}`, JobProgressed.type, { runId: id(k), percent: 50, step: 'a', message: 'half' }),
      storedEvent(`job-${id(k)}`, JobCompleted.type, { runId: id(k), name, owner, result: { ok: true } }),
    ]);
    await orm.em.fork().transactional(async (tx) => {
      for (let k = 0; k < 4; k++)
        await jobRunsProjection.handle(
          tx,
          storedEvent(`job-${id(k)}`, JobRequested.type, {
            runId: id(k),
            name,
            queue: 'operations',
            owner,
            payload: {},
            steps: [],
          }) as never,
        );
      const before = await rowsScannedIn(tx, 'job_run');
      await jobRunsProjection.handleBatch!(tx, batch as never);
      expect(await rowsScannedIn(tx, 'job_run')).toBe(before);
      const done = await tx
        .getConnection()
        .execute(
          `select count(*)::int as n from job_run where run_id = any(?::uuid[]) and status = 'completed'`,
          [`{${[0, 1, 2, 3].map(id).join(',')}}`],
          'all',
          tx.getTransactionContext(),
        );
      expect(done).toEqual([{ n: 4 }]);
    });
  });
});
