// What every benchmark script does around its measurement: options, the machine, starting and
// waiting for the API and the worker, the results table, and cleaning up (Redis keys, its database).
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import IORedis from 'ioredis';
import { Queue } from 'bullmq';
import { backendDist, backendMain, root, workerMain } from '../../scripts/lib/paths.mjs';
import { apiNodeFlags } from '../../scripts/lib/node-flags.mjs';
import { databaseName, ensureDatabase, ensurePostgres, ensureRedis, withDatabase } from '../../scripts/lib/services.mjs';
import { killAllChildrenNow, startNode, stopAllChildren } from './processes.mjs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Where every benchmark keeps its figures. */
export const RESULTS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'RESULTS.md');

/** A benchmark's log: `[bench:<name>] message`. */
export const benchLog = (name) => (msg) => console.log(`[bench:${name}] ${msg}`);

/** Appends a benchmark's section (its lines) to bench/RESULTS.md and says so. */
export function recordResults(lines, log) {
  fs.appendFileSync(RESULTS_FILE, `${lines.join('\n')}\n`);
  log(`figures appended to ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

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

/** The API and worker entry points, compiled first when they are missing. */
export function ensureCompiled(log) {
  if (fs.existsSync(backendMain) && fs.existsSync(workerMain)) return;
  log('compiled entry points missing: running npx tsc -b');
  execSync('npx tsc -b', { cwd: root, stdio: 'inherit' });
}

/**
 * A big demo catalogue (`products` classes and half as many purchases) bulk-loaded into a database whose
 * API is not serving yet: the devkit's generator, the catalogue's loader (events and the browse read model).
 */
export function loadDemoCatalogue(databaseUrl, { products, log }) {
  const require = createRequire(import.meta.url);
  const { loadBulkCatalogue } = require(path.join(backendDist, 'modules/catalogue/infra/bulk-catalogue-loader.js'));
  const { bulkDemoCatalogue } = require(path.join(backendDist, 'devkit/demo-data/catalogue/bulk-demo-catalogue.js'));
  return loadBulkCatalogue(databaseUrl, bulkDemoCatalogue({ products }), log);
}

/**
 * PostgreSQL and Redis (DATABASE_URL's and REDIS_URL's servers, started when not running), a fresh
 * `database` with every migration, and a Redis client. Filled into `run` ({ handles, databaseUrl,
 * redis }) as it goes, so `cleanUp(run)` undoes what was done even when a later step fails.
 */
export async function openServices(run, { database, prefix, log }) {
  const pgHandle = await ensurePostgres(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sparkhouse');
  run.handles.push(pgHandle);
  const redisHandle = await ensureRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  run.handles.push(redisHandle);
  run.databaseUrl = withDatabase(pgHandle.url, database);
  await ensureDatabase(run.databaseUrl, { fresh: true });
  const applied = await createRequire(import.meta.url)(backendDist).migrateUp(run.databaseUrl);
  log(`database ${database} created (${applied.length} migrations); Redis prefix ${prefix}`);
  run.redis = new IORedis(redisHandle.url, { maxRetriesPerRequest: null });
  return { databaseUrl: run.databaseUrl, redisUrl: redisHandle.url, redis: run.redis };
}

/**
 * One API and one worker process, answered once the API is ready and the worker consumes `queueName`.
 * `apiNodeArgs`: Node/V8 flags of the API process (e.g. --trace-gc, which NODE_OPTIONS does not take); the
 * environment's BENCH_API_NODE_ARGS (space separated, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof') adds to them.
 */
export async function startApiAndWorker({
  env,
  workerEnv = env,
  apiNodeArgs = [],
  port,
  redisUrl,
  prefix,
  queueName,
  logDir,
  deadline,
  log,
}) {
  const fromEnv = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // the API's own V8 flags, as npm start runs it, then the bench's and the environment's
  const api = startNode('api', backendMain, { env, logDir, nodeArgs: [...apiNodeFlags, ...apiNodeArgs, ...fromEnv] });
  const worker = startNode('worker', workerMain, { env: workerEnv, logDir });
  await waitReady(api, port, Math.min(deadline, Date.now() + 90_000));
  await waitWorker(worker, { redisUrl, prefix, queueName, deadline: Math.min(deadline, Date.now() + 90_000) });
  log(`API (pid ${api.pid}, port ${port}) ready; worker (pid ${worker.pid}) consuming`);
  return { api, worker };
}

/**
 * The settings of a benchmark whose jobs ask the AI: no model and no images API, so the worker's AI is
 * the devkit's local generator (deterministic, no network, no delay per answer) and app images are drawn.
 */
export const LOCAL_AI = { AI_BASE_URL: '', AI_API_KEY: '', AI_LOCAL_DELAY_MS: '0', IMAGE_API_BASE_URL: '', IMAGE_API_KEY: '' };

/**
 * The worker of such a benchmark: the API's environment, no projections, and outside production, the
 * only place its devkit (the local generator) is loaded — a production worker without a model fails AI jobs.
 */
export const localAiWorkerEnv = (env) => ({ ...env, RUN_PROJECTIONS: 'false', NODE_ENV: 'development' });

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

/**
 * The end of a run: the children stopped, its Redis keys under `prefix` deleted, its database dropped,
 * the servers it started stopped. Failures are logged, not thrown.
 */
export async function cleanUp(run, { prefix, log }) {
  await stopAllChildren(10_000);
  const { redis, databaseUrl } = run;
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
  for (const h of run.handles.reverse()) await h.stop().catch(() => undefined);
}

/** A child's last log lines, when it wrote any. */
export function logTails(handles, log) {
  for (const h of handles) {
    const tail = h.tail(10).trim();
    if (tail) log(`${h.name} log tail (${h.logFile}):\n${tail}`);
  }
}

/** Runs a benchmark's main and exits with its code; an escaped error kills the children first. */
export function runMain(main) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      killAllChildrenNow();
      process.exit(1);
    },
  );
}

/**
 * Until every subscriber's checkpoint (only `subscriber`'s, when named) is at the end of the log in delivery
 * order, (transaction_id, position): the relay is idle and a measurement is not shared with it. Looks
 * every `pollMs`.
 */
export async function waitCaughtUp(databaseUrl, deadline, { subscriber = null, pollMs = 250 } = {}) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    while (Date.now() < deadline) {
      const { rows } = await c.query(
        `with head as (select transaction_id, position from domain_event order by transaction_id desc, position desc limit 1)
         select count(*)::int as subscribers,
                count(*) filter (where exists (select 1 from head
                                  where (c.transaction_id, c.position) < (head.transaction_id, head.position)))::int as behind
           from event_checkpoint c where $1::text is null or c.subscriber = $1`,
        [subscriber],
      );
      if (rows[0].subscribers > 0 && rows[0].behind === 0) return;
      await sleep(pollMs);
    }
    throw new Error(`${subscriber ?? 'subscribers'} did not catch up with the log in time`);
  } finally {
    await c.end();
  }
}
