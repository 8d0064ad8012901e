// Baseline: the same number of jobs through bare BullMQ (no-op processor, separate worker process).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import IORedis from 'ioredis';
import { Queue } from 'bullmq';
import { startNode } from './processes.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

function waitMessage(handle, type, deadline) {
  return new Promise((resolve, reject) => {
    const onMessage = (m) => {
      if (m?.type !== type) return;
      cleanup();
      resolve(m);
    };
    const onExit = () => {
      cleanup();
      reject(new Error(`bare worker exited before '${type}':\n${handle.tail()}`));
    };
    const timer = setTimeout(
      () => {
        cleanup();
        reject(Object.assign(new Error(`bare worker: no '${type}' before the deadline`), { timeout: true }));
      },
      Math.max(0, deadline - Date.now()),
    );
    function cleanup() {
      clearTimeout(timer);
      handle.child.off('message', onMessage);
      handle.child.off('exit', onExit);
    }
    handle.child.on('message', onMessage);
    handle.child.once('exit', onExit);
  });
}

/**
 * Adds n no-op jobs with addBulk (chunks of `chunk`, like the job dispatcher's batches) and waits for
 * the worker to complete them all. Throughput: first add -> last 'completed'.
 */
export async function runBare({ redisUrl, prefix, n, concurrency, logDir, deadline, chunk = 500, log }) {
  const queueName = 'bench-noop';
  const worker = startNode('bare-worker', path.join(here, 'bare-worker.mjs'), {
    ipc: true,
    logDir,
    env: {
      ...process.env,
      REDIS_URL: redisUrl,
      BARE_PREFIX: prefix,
      BARE_QUEUE: queueName,
      BARE_CONCURRENCY: String(concurrency),
      BARE_EXPECT: String(n),
    },
  });
  const connection = new IORedis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(queueName, { connection, prefix });
  const result = { n, concurrency, completed: 0, jobsPerSec: null, elapsedMs: null, addMs: null, timedOut: false };
  try {
    await waitMessage(worker, 'ready', Math.min(deadline, Date.now() + 30_000));
    await queue.waitUntilReady();
    const opts = { removeOnComplete: { age: 24 * 3600, count: 5000 }, removeOnFail: { age: 7 * 24 * 3600 }, attempts: 1 };
    const done = waitMessage(worker, 'done', deadline);
    done.catch(() => undefined);
    const startedAt = Date.now();
    for (let i = 0; i < n; i += chunk) {
      const jobs = [];
      for (let j = i; j < Math.min(n, i + chunk); j++) jobs.push({ name: 'noop', data: { i: j }, opts });
      await queue.addBulk(jobs);
    }
    result.addMs = Date.now() - startedAt;
    log(`bare: ${n} jobs added in ${result.addMs} ms; waiting for completion`);
    try {
      const m = await done;
      result.completed = m.count;
      result.elapsedMs = m.lastAt - startedAt;
      result.jobsPerSec = (m.count / result.elapsedMs) * 1000;
    } catch (err) {
      if (!err.timeout) throw err;
      result.timedOut = true;
      worker.child.send({ type: 'status' });
      const m = await waitMessage(worker, 'status', Date.now() + 2000).catch(() => null);
      if (m) {
        result.completed = m.count;
        result.elapsedMs = (m.lastAt ?? Date.now()) - startedAt;
        result.jobsPerSec = m.count ? (m.count / result.elapsedMs) * 1000 : 0;
      }
    }
    return result;
  } finally {
    await queue.close().catch(() => undefined);
    await connection.quit().catch(() => connection.disconnect());
    await worker.stop(5000);
  }
}
