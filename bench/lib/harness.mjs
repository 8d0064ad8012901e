// What every benchmark script does around its measurement: options, the machine, starting and
// waiting for the API and the worker, the results table, and cleaning up (Redis keys, its database).
import os from 'node:os';
import { execSync } from 'node:child_process';
import IORedis from 'ioredis';
import { Queue } from 'bullmq';
import { databaseName, withDatabase } from '../../scripts/lib/services.mjs';
import { killAllChildrenNow, stopAllChildren } from './processes.mjs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Command-line options: `numbers` maps a flag to the option that takes a positive integer
 * (`--jobs 10` or `--jobs=10`), `switches` a flag to the option and the value it sets.
 */
export function parseOptions(argv, defaults, { numbers = {}, switches = {} }) {
  const opts = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=');
    if (flag in numbers) {
      const v = inline ?? argv[++i];
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a positive integer, got ${v}`);
      opts[numbers[flag]] = n;
    } else if (flag in switches) {
      const [key, value] = switches[flag];
      opts[key] = value;
    } else throw new Error(`unknown option ${argv[i]}`);
  }
  return opts;
}

/** The machine the figures were measured on. */
export function machine() {
  let cores = os.availableParallelism?.() ?? os.cpus().length;
  try {
    cores = Number(execSync('nproc', { encoding: 'utf8' }).trim()) || cores;
  } catch {
    // nproc missing: keep Node's count
  }
  return {
    cores,
    memGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
    cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown',
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** The environment of an API or worker process under measurement (production mode, quiet logs). */
export function serverEnv({ port, databaseUrl, redisUrl, prefix, ...extra }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** Until the API's readiness probe answers 200 (or it exits, or the deadline passes). */
export async function waitReady(api, port, deadline) {
  const url = `http://127.0.0.1:${port}/api/health/ready`;
  while (Date.now() < deadline) {
    if (!api.running) throw new Error(`the API exited during start-up:\n${api.tail()}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`GET ${url} did not answer 200 in time:\n${api.tail()}`);
}

/** The worker logs nothing at warn level once ready: wait until it shows up as a BullMQ worker of `queueName`. */
export async function waitWorker(worker, { redisUrl, prefix, queueName, deadline }) {
  const connection = new IORedis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(queueName, { connection, prefix });
  try {
    while (Date.now() < deadline) {
      if (!worker.running) throw new Error(`the worker exited during start-up:\n${worker.tail()}`);
      if ((await queue.getWorkers().catch(() => [])).length > 0) return;
      await sleep(250);
    }
    throw new Error(`the worker did not register with BullMQ in time:\n${worker.tail()}`);
  } finally {
    await queue.close().catch(() => undefined);
    await connection.quit().catch(() => connection.disconnect());
  }
}

/**
 * Never outlive the time limit by more than a minute, and stop the children on Ctrl-C (a second
 * Ctrl-C kills them at once). Answers the timer, to clear when the run ends.
 */
export function guardRun(name, timeoutS) {
  const hardStop = setTimeout(
    () => {
      console.error(`[bench:${name}] hard timeout: killing everything`);
      killAllChildrenNow();
      process.exit(2);
    },
    timeoutS * 1000 + 60_000,
  );
  hardStop.unref();
  let interrupted = false;
  const onSignal = (sig) => {
    if (interrupted) {
      killAllChildrenNow();
      process.exit(130);
    }
    interrupted = true;
    console.error(`[bench:${name}] ${sig}: stopping`);
    stopAllChildren(5000).finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', killAllChildrenNow);
  return hardStop;
}

/** The figures as an aligned two-column table for the console. */
export function table(rows) {
  const w = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `  ${k.padEnd(w)}  ${v}`).join('\n');
}

/** The figures as a Markdown table (for RESULTS.md). */
export const markdownTable = (rows) => [
  '| figure | value |',
  '| --- | --- |',
  ...rows.map(([k, v]) => `| ${k} | ${String(v).replace(/\|/g, '\\|')} |`),
];

/** Delete the keys matching `pattern`; answers how many went. */
export async function deleteRedisKeys(redis, pattern) {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (keys.length) deleted += await redis.unlink(...keys);
  } while (cursor !== '0');
  return deleted;
}

/** The end of a run: its Redis keys deleted and the connection closed; its database dropped. Failures are logged. */
export async function cleanUp({ redis, prefix, databaseUrl, log }) {
  if (redis) {
    try {
      log(`deleted ${await deleteRedisKeys(redis, `${prefix}*`)} Redis keys under ${prefix}*`);
    } catch (err) {
      log(`could not delete Redis keys: ${err.message}`);
    }
    await redis.quit().catch(() => redis.disconnect());
  }
  if (databaseUrl) {
    const name = databaseName(databaseUrl);
    try {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
      await admin.connect();
      await admin.query(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`);
      await admin.end();
      log(`database ${name} dropped`);
    } catch (err) {
      log(`could not drop ${name}: ${err.message}`);
    }
  }
}

/** A child's last log lines, when it wrote any. */
export function logTails(handles, log) {
  for (const h of handles) {
    const tail = h.tail(10).trim();
    if (tail) log(`${h.name} log tail (${h.logFile}):\n${tail}`);
  }
}
