import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createStream } from 'rotating-file-stream';
import { backendDist, backendMain, dataDir, workerMain } from './paths.mjs';
import { apiNodeFlags } from './node-flags.mjs';
import { log, warn } from './log.mjs';

const require = createRequire(import.meta.url);

export async function migrate(databaseUrl) {
  const { migrateUp } = require(backendDist);
  const applied = await migrateUp(databaseUrl);
  if (applied.length) log(`database migrated: ${applied.join(', ')}`);
}

export async function seed(databaseUrl) {
  const { runSeeders } = require(backendDist);
  const ran = await runSeeders(databaseUrl);
  if (ran.length) log(`demo data seeded: ${ran.join(', ')}`);
}

/** Size of a log file before it is rotated, and rotated files kept: .data/logs/<name>.log, .1 … .4. */
export const LOG_FILE_SIZE = '10M';
export const LOG_FILES_KEPT = 4;

/**
 * Copies a child's log lines to <logs>/<name>.log, rotated by size (LOG_FILE_SIZE, LOG_FILES_KEPT older
 * files), and warnings and errors (pino level >= 40, or anything that is not a pino line: a crash trace)
 * to the console.
 */
export function copyLogs(name, child, logs = path.join(dataDir, 'logs')) {
  fs.mkdirSync(logs, { recursive: true });
  const out = createStream((index) => (index ? `${name}.log.${index}` : `${name}.log`), {
    path: logs,
    size: LOG_FILE_SIZE,
    rotate: LOG_FILES_KEPT,
  });
  out.on('error', (err) => warn(`${name} log: ${err.message}`));
  // whole lines are copied as they arrive, one write per chunk (not per line); only lines that are not
  // pino lines below warn (trace, debug, info: `{"level":10|20|30`) are shown
  const quiet = /^\{"level":[123]0,/;
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const end = chunk.lastIndexOf('\n');
      if (end < 0) {
        partial += chunk;
        return;
      }
      const lines = partial + chunk.slice(0, end + 1);
      partial = chunk.slice(end + 1);
      out.write(lines);
      for (const line of lines.split('\n')) if (line && !quiet.test(line)) console.log(`[${name}] ${line}`);
    });
    stream.on('end', () => {
      if (!partial) return;
      out.write(partial + '\n');
      if (!quiet.test(partial)) console.log(`[${name}] ${partial}`);
      partial = '';
    });
  }
  child.once('close', () => out.end()); // after the last output (exit may come first)
}

/**
 * The Node flags `npm start` runs a process with (the API's own V8 flags: node-flags.mjs). For diagnosis,
 * SPARKHOUSE_API_NODE_ARGS (space separated, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof', which NODE_OPTIONS
 * does not take) are added to the API's.
 */
export const nodeFlagsOf = (file, env = process.env) => [
  '--enable-source-maps',
  ...(file === backendMain ? [...apiNodeFlags, ...(env.SPARKHOUSE_API_NODE_ARGS ?? '').split(' ').filter(Boolean)] : []),
];

/** Starts a child process, its log lines copied by copyLogs. */
function startChild(name, file, env) {
  const child = spawn(process.execPath, [...nodeFlagsOf(file, env), file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  // SPARKHOUSE_LOG_DIR: the benchmarks keep a measured npm start's logs apart from the user's
  copyLogs(name, child, env.SPARKHOUSE_LOG_DIR || undefined);
  return child;
}

async function waitReady(baseUrl, running, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running().some((c) => c.exitCode !== null)) throw new Error('a process exited during start-up; see .data/logs/');
    try {
      const res = await fetch(`${baseUrl}/api/health/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the API did not become ready within ${timeoutMs / 1000} s; see .data/logs/api.log`);
}

/** A crashed process is started again after this long, doubled after each crash in a row, up to the most. */
const RESTART_FIRST_MS = 1000;
const RESTART_MOST_MS = 30_000;
/** A process that ran this long before it crashed starts again after the first delay. */
const RESTART_STABLE_MS = 60_000;

/**
 * Runs the API and the worker side by side and keeps them running: once the product is up, a process
 * that crashes or is killed is started again with backoff (1 s, 2 s, 4 s … 30 s; the terminal says
 * so). Only SIGINT/SIGTERM stops everything: both get SIGTERM (the API answers what is in flight, the
 * worker hands its jobs in flight back to the queue) and are killed if they have not exited within 20 s.
 * A process that dies during start-up stops everything (a wrong setting would only crash again).
 */
export async function runStack({ env, port, onStop }) {
  const specs = [
    ['api', backendMain, { ...env, PORT: String(port) }],
    ['worker', workerMain, env],
  ];
  const current = new Map();
  const restarts = new Set();
  let ready = false;
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    log('stopping...');
    for (const t of restarts) clearTimeout(t);
    await Promise.all(
      [...current.values()].map(
        (c) =>
          new Promise((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            const kill = setTimeout(() => c.kill('SIGKILL'), 20_000);
            c.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            c.kill('SIGTERM');
          }),
      ),
    );
    await onStop?.();
    log('stopped.');
    process.exit(code);
  };
  const launch = (name, file, childEnv, crashes) => {
    const child = startChild(name, file, childEnv);
    const startedAt = Date.now();
    current.set(name, child);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      if (!ready) {
        warn(`${name} exited (${signal ?? code}) during start-up; stopping everything. Logs: .data/logs/${name}.log`);
        void stop(1);
        return;
      }
      const inARow = Date.now() - startedAt >= RESTART_STABLE_MS ? 0 : crashes;
      const delay = Math.min(RESTART_MOST_MS, RESTART_FIRST_MS * 2 ** inARow);
      warn(
        `${name} exited (${signal ?? code}); restarting it in ${delay / 1000} s (Ctrl-C stops everything). Logs: .data/logs/${name}.log`,
      );
      const timer = setTimeout(() => {
        restarts.delete(timer);
        if (stopping) return;
        const again = launch(name, file, childEnv, inARow + 1);
        log(`${name} restarted (pid ${again.pid})`);
      }, delay);
      restarts.add(timer);
    });
    return child;
  };
  for (const [name, file, childEnv] of specs) launch(name, file, childEnv, 0);
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitReady(baseUrl, () => [...current.values()]);
    ready = true;
  } catch (err) {
    warn(err.message);
    await stop(1);
  }
  return { baseUrl, stop };
}
