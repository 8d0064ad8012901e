import { randomUUID } from 'node:crypto';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { useTestOrm } from '../../../test-support';
import { DURATION_SAMPLE, JobRunQueries } from './job-runs.query';

describe('job durations (what a build estimate is measured from)', () => {
  const testDb = useTestOrm();
  let orm: Database;
  let runs: JobRunQueries;
  const name = `test.durations-${randomUUID().slice(0, 8)}`;

  beforeAll(() => {
    orm = testDb.orm;
    runs = new JobRunQueries(orm, new EventStore());
  });

  /** A finished run of `name` that took `ms` from request to its end, requested `ago` ms before now. */
  const run = (ms: number, ago: number, status = 'completed', jobName = name) => {
    const requested = new Date(Date.now() - ago);
    return orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into job_run (run_id, name, queue, owner_id, status, requested_at, started_at, finished_at, duration_ms)
         values (?, ?, 'test', 'anon_durations', ?, ?, ?, ?, ?)`,
        [randomUUID(), jobName, status, requested, requested, new Date(requested.getTime() + ms), ms],
      );
  };

  it('has no figures before any run completed', async () => {
    expect(await runs.durations(name)).toEqual({ name, sampleSize: 0, medianMs: null, p90Ms: null });
  });

  it('measures the median and 90th percentile of the newest completed runs, request to end', async () => {
    // older runs (outside the sample) were slow; failed and other jobs' runs do not count
    for (let i = 0; i < 10; i++) await run(60_000, 3_600_000 + i);
    for (let i = 0; i < DURATION_SAMPLE; i++) await run(1000 + i * 20, 1000 + i);
    await run(500_000, 10, 'failed');
    await run(1, 10, 'completed', `${name}-other`);

    const figures = await runs.durations(name);
    expect(figures.sampleSize).toBe(DURATION_SAMPLE);
    expect(figures.medianMs).toBe(1490);
    expect(figures.p90Ms).toBe(1882);
  });
});
