// Child process of the jobs benchmark: a bare BullMQ worker with a no-op processor.
// env: REDIS_URL, BARE_PREFIX, BARE_QUEUE, BARE_CONCURRENCY, BARE_EXPECT. Talks to its parent over IPC:
// sends {type:'ready'}, then {type:'done', count, firstAt, lastAt} once BARE_EXPECT jobs completed.
import IORedis from 'ioredis';
import { Worker } from 'bullmq';

const expect = Number(process.env.BARE_EXPECT);
const connection = new IORedis(process.env.REDIS_URL, { maxRetriesPerRequest: null });
let count = 0;
let firstAt = null;
let lastAt = null;
const worker = new Worker(process.env.BARE_QUEUE, async () => undefined, {
  connection,
  prefix: process.env.BARE_PREFIX,
  concurrency: Number(process.env.BARE_CONCURRENCY),
});
worker.on('error', (err) => console.error('bare worker error', err));
worker.on('completed', () => {
  const now = Date.now();
  firstAt ??= now;
  lastAt = now;
  count++;
  if (count === expect) process.send?.({ type: 'done', count, firstAt, lastAt });
});
worker.on('failed', (job, err) => console.error('bare job failed', job?.id, err?.message));
process.on('message', (m) => {
  if (m?.type === 'status') process.send?.({ type: 'status', count, firstAt, lastAt });
});
async function shutdown() {
  await worker.close().catch(() => undefined);
  await connection.quit().catch(() => connection.disconnect());
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
process.on('disconnect', shutdown); // the parent died: do not linger
await worker.waitUntilReady();
process.send?.({ type: 'ready' });
