// The life of one benchmark run, written once: the compile check, the hard stop, its own database and
// Redis prefix, a log folder, the API and worker it measures, the clean-up (even when the body throws)
// and the exit code. A bench's body is only its measurement and its report.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backendMain } from '../../scripts/lib/paths.mjs';
import { apiNodeFlags } from '../../scripts/lib/node-flags.mjs';
import {
  benchLog,
  cleanUp,
  ensureCompiled,
  guardRun,
  LOCAL_AI,
  localAiWorkerEnv,
  machine,
  markdownTable,
  openServices,
  recordResults,
  runMain,
  serverEnv,
  startApiAndWorker,
  table,
  waitReady,
} from './harness.mjs';
import { freePort, startNode } from './processes.mjs';
import { fmt } from './stats.mjs';

/** The Node flags of an API process: npm start's, then the environment's BENCH_API_NODE_ARGS (space separated). */
export const apiNodeArgs = (extra = []) => [
  ...apiNodeFlags,
  ...extra,
  ...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean),
];

/**
 * Runs benchmark `name`'s `body(ctx)` and exits with its code (a number, or a status: 'ok' is 0, anything
 * else 1; an escaped error is logged and is 1). Options:
 * - `timeoutS`: the run's time limit (`ctx.deadline`; the hard stop comes a minute after it);
 * - `database`: its database (`sparkhouse_bench_<name>`), made fresh with every migration, dropped after;
 * - `prefix`: its Redis prefix (`bench_<name>_<time><pid>`), whose keys are deleted after.
 * `ctx`: name, log, machine, startedAt, deadline, prefix, logDir, databaseUrl, redisUrl, redis (a client),
 * `db()` (a pg client, ended before the clean-up), `startStack(…)`, `startApi(…)`, `afterCleanUp(fn)`,
 * `failed(err)` (logs the error, answers the status `error: <first line>`), `report(…)` and `recordRows(…)`.
 */
export function benchRun(name, { timeoutS, database = `sparkhouse_bench_${name.replace(/-/g, '_')}`, prefix } = {}, body) {
  const log = benchLog(name);
  runMain(async () => {
    const startedAt = Date.now();
    const deadline = startedAt + timeoutS * 1000;
    ensureCompiled(log);
    const run = { handles: [], databaseUrl: null, redis: null };
    const ctx = {
      name,
      log,
      machine: machine(),
      startedAt,
      deadline,
      prefix: prefix ?? `bench_${name.replace(/-/g, '_')}_${Date.now().toString(36)}${process.pid.toString(36)}`,
      logDir: fs.mkdtempSync(path.join(os.tmpdir(), `sparkhouse-bench-${name}-`)),
    };
    const clients = [];
    const after = [];
    const hardStop = guardRun(name, timeoutS);
    try {
      Object.assign(ctx, await openServices(run, { database, prefix: ctx.prefix, log }), {
        async db() {
          const { default: pg } = await import('pg');
          const client = new pg.Client({ connectionString: ctx.databaseUrl });
          client.on('error', () => undefined); // the database is dropped at the end, with the client still open on a failure
          clients.push(client);
          await client.connect();
          return client;
        },
        startStack: (options) => startStack(ctx, options),
        startApi: (options) => startApi(ctx, options),
        afterCleanUp: (fn) => after.push(fn),
        failed(err) {
          console.error(`[bench:${name}] ${err.stack ?? err.message}`);
          return `error: ${err.message.split('\n')[0]}`;
        },
        report: (options) => report(ctx, options),
        recordRows: (options) => recordRows(ctx, options),
      });
      const result = await body(ctx);
      return typeof result === 'number' ? result : result === 'ok' ? 0 : 1;
    } catch (err) {
      console.error(`[bench:${name}] ${err.stack ?? err.message}`);
      return 1;
    } finally {
      for (const c of clients) await c.end().catch(() => undefined);
      await cleanUp(run, { prefix: ctx.prefix, log });
      for (const fn of after) await fn();
      clearTimeout(hardStop);
    }
  });
}

/**
 * One API and one worker (consuming `queueName`) on a free port, with the run's database and prefix and
 * `env` added to the production settings. `localAi`: the local AI provider, and a worker that loads it.
 */
async function startStack(ctx, { queueName, env: extra = {}, localAi = false, apiNodeArgs: nodeArgs = [] }) {
  const { databaseUrl, redisUrl, prefix } = ctx;
  const port = await freePort();
  const env = serverEnv({ port, databaseUrl, redisUrl, prefix, ...extra, ...(localAi ? LOCAL_AI : {}) });
  const workerEnv = localAi ? localAiWorkerEnv(env) : env;
  const { api, worker } = await startApiAndWorker({ ...ctx, env, workerEnv, apiNodeArgs: nodeArgs, port, queueName });
  return { api, worker, env, port, baseUrl: `http://127.0.0.1:${port}` };
}

/**
 * An API process alone (as npm start runs it, with its Node flags), answered once its readiness probe
 * answers 200 (within `readyMs` and the run's deadline). `port` and `env` when it starts again.
 */
async function startApi(ctx, { port, env: extra = {}, readyMs = 90_000 } = {}) {
  const { databaseUrl, redisUrl, prefix, logDir, deadline } = ctx;
  const at = port ?? (await freePort());
  const env = serverEnv({ port: at, databaseUrl, redisUrl, prefix, ...extra });
  const api = startNode('api', backendMain, { env, logDir, nodeArgs: apiNodeArgs() });
  await waitReady(api, at, Math.min(deadline, Date.now() + readyMs));
  return { api, env, port: at, baseUrl: `http://127.0.0.1:${at}` };
}

/**
 * The end of a run's report: the figures as a table on the console (`title`, and the status when it is not
 * ok), `after` lines, then, with `record` and figures to record, `section()`'s lines appended to RESULTS.md.
 */
function report(ctx, { title, rows, status, after = [], record, section }) {
  console.log(`\n${title}${status === 'ok' ? '' : ` — ${status}`}\n${table(rows)}`);
  for (const line of after) console.log(line);
  console.log('');
  if (!record) return;
  try {
    recordResults(section(), ctx.log);
  } catch (err) {
    console.error(`[bench:${ctx.name}] could not write RESULTS.md: ${err.message}`);
  }
}

/**
 * The figures `rows` in the log, one a line; with `record` and any rows, a dated section of them as a table in
 * RESULTS.md: `## <name> — <time>` (and the status when it is not ok), then the machine and `note`.
 */
function recordRows({ name, machine: m, log }, { status, note, rows, record }) {
  for (const [k, v] of rows) log(`${k}: ${v}`);
  if (!record || !rows.length) return;
  const lines = [
    '',
    `## ${name} — ${new Date().toISOString()}${status === 'ok' ? '' : ` — ${status}`}`,
    '',
    `Machine: ${m.cores} cores (${m.cpuModel}), ${fmt(m.memGiB, 0)} GiB, Node ${m.node}. ${note}`,
    '',
    ...markdownTable(rows),
  ];
  recordResults(lines, log);
}
