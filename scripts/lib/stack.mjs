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

/** The Node flags `npm start` runs a process with (the API's own V8 flags: node-flags.mjs). */
export const nodeFlagsOf = (file) => ['--enable-source-maps', ...(file === backendMain ? apiNodeFlags : [])];

/** Starts a child process, its log lines copied by copyLogs. */
function startChild(name, file, env) {
  const child = spawn(process.execPath, [...nodeFlagsOf(file), file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  // SPARKHOUSE_LOG_DIR: the benchmarks keep a measured npm start's logs apart from the user's
  copyLogs(name, child, env.SPARKHOUSE_LOG_DIR || undefined);
  return child;
}

async function waitReady(baseUrl, children, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (children.some((c) => c.exitCode !== null)) throw new Error('a process exited during start-up; see .data/logs/');
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

/**
 * Runs the API and the worker side by side until a signal arrives or one of them dies.
 * On SIGINT/SIGTERM both get SIGTERM (the worker hands in-flight jobs back to the queue) and are
 * killed if they have not exited within 20 s.
 */
export async function runStack({ env, port, onStop }) {
  const children = [
    ['api', startChild('api', backendMain, { ...env, PORT: String(port) })],
    ['worker', startChild('worker', workerMain, env)],
  ];
  const procs = children.map(([, c]) => c);
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    log('stopping...');
    await Promise.all(
      procs.map(
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
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  for (const [name, c] of children) {
    c.once('exit', (code, signal) => {
      if (stopping) return;
      warn(`${name} exited (${signal ?? code}); stopping everything. Logs: .data/logs/${name}.log`);
      void stop(1);
    });
  }
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitReady(baseUrl, procs);
  } catch (err) {
    warn(err.message);
    await stop(1);
  }
  return { baseUrl, stop };
}
