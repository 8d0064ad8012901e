// The bare pipeline of the jobs bench, its worker half: a BullMQ worker (WORKER concurrency) that does
// a pipeline check's work (one step, no delay, its two progress reports pushed to the owner as the
// product's worker pushes them), marks the run completed with one PostgreSQL update and pushes
// job:completed to the owner's socket.io room through the Redis emitter.
// Env: DATABASE_URL, REDIS_URL, BARE_PREFIX, BARE_CONCURRENCY, POOL_MAX.
import pg from 'pg';
import IORedis from 'ioredis';
import { Worker } from 'bullmq';
import { Emitter } from '@socket.io/redis-emitter';

const prefix = process.env.BARE_PREFIX;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
const emitter = new Emitter(new IORedis(process.env.REDIS_URL), { key: `${prefix}:socket.io` });

const worker = new Worker(
  'bare-pipeline',
  async (job) => {
    const { runId, owner } = job.data;
    const result = { steps: 1, completedSteps: 1 }; // the check's one step: nothing to wait for
    // the check's progress reports, pushed at once as the product's worker pushes them: the step begun, all passed
    const progress = (percent, message) =>
      emitter.to(owner).emit('job:progress', {
        runId,
        name: 'operations.pipeline-check',
        percent,
        step: 'step 1',
        message,
        at: new Date().toISOString(),
      });
    progress(0, 'Checking step 1 of 1');
    progress(100, 'All 1 steps passed');
    await pool.query(`update bare_pipeline_run set status = 'completed', completed_at = now() where run_id = $1`, [runId]);
    emitter.to(owner).emit('job:completed', { runId, at: new Date().toISOString(), result });
    return result;
  },
  {
    connection: new IORedis(process.env.REDIS_URL, { maxRetriesPerRequest: null }),
    prefix,
    concurrency: Number(process.env.BARE_CONCURRENCY),
  },
);
worker.on('error', (err) => console.error('bare pipeline worker error', err));
worker.on('failed', (job, err) => console.error('bare pipeline job failed', job?.id, err?.message));
await worker.waitUntilReady();
console.log('bare pipeline worker ready');
const shutdown = async () => {
  await worker.close().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
