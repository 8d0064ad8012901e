import { MikroORM } from '@mikro-orm/postgresql';
import { JobFailed, JobProgressed, JobRequested, JobStarted } from '@sparkhouse/contracts';
import { ormOptions } from '../../../platform/database/orm-config';
import { EventStore } from '../../../platform/events/event-store';
import { SubscriptionProcessor } from '../../../platform/events/subscription-processor';
import { createTestDatabase } from '../../../test-support';
import { JobRunsProjection } from './job-runs.projection';

describe('job_run projection', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: MikroORM;
  const store = new EventStore();
  const projection = new JobRunsProjection();

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await MikroORM.init(ormOptions(db.url, { entities: [] }));
  });
  afterAll(async () => {
    await orm?.close(true);
    await db?.drop();
  });

  const rows = () => orm.em.fork().getConnection().execute('select * from job_run order by run_id');
  const owner = { ownerId: 'anon_projection_01' };
  const runId = '11111111-1111-4111-8111-111111111111';

  it('folds a failing run, and a replay from position 0 gives the identical rows', async () => {
    const append = (events: { type: string; payload: unknown }[]) =>
      orm.em.fork().transactional((tem) => store.append(tem, `job-${runId}`, events as never));
    await append([{ type: JobRequested.type, payload: { runId, name: 'operations.pipeline-check', queue: 'operations', owner, payload: {}, steps: ['queued'] } }]);
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
