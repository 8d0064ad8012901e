import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import readline from 'node:readline';
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

/** Starts a child process, copying its log lines to .data/logs/<name>.log and warnings+ to the console. */
function startChild(name, file, env) {
  const logs = path.join(dataDir, 'logs');
  fs.mkdirSync(logs, { recursive: true });
  const out = fs.createWriteStream(path.join(logs, `${name}.log`), { flags: 'a' });
  const flags = ['--enable-source-maps', ...(file === backendMain ? apiNodeFlags : [])];
  const child = spawn(process.execPath, [...flags, file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      out.write(line + '\n');
      let level = 50;
      try {
        level = JSON.parse(line).level ?? 30;
      } catch {
        // not JSON: a crash trace or a library's console output; show it
      }
      if (level >= 40) console.log(`[${name}] ${line}`);
    });
  }
  child.once('exit', () => out.end());
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
