import { Database } from '../../../platform/database/database';
import { JobCanceled, JobCompleted, JobFailed, JobProgressed, JobRequested, JobStarted } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { SubscriptionProcessor } from '../../../platform/events/subscription-processor';
import { useTestOrm, projectionSpec, storedEvent } from '../../../test-support';
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
});
