// Child processes of a benchmark: started with their output in a log file, always stopped.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn, fork } from 'node:child_process';

const children = new Set();

/** A TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node <script>` with the given env; stdout and stderr go to <logDir>/<name>.log.
 * With ipc: true the child gets an IPC channel (fork). nodeArgs are Node/V8 flags (before the script).
 */
export function startNode(name, script, { env, logDir, ipc = false, args = [], nodeArgs: given = [] }) {
  const nodeArgs = [...given, ...extraNodeArgs(name)];
  const logFile = path.join(logDir, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const opts = { env, stdio: ipc ? ['ignore', out, out, 'ipc'] : ['ignore', out, out] };
  const child = ipc
    ? fork(script, args, { ...opts, execArgv: [...process.execArgv, ...nodeArgs] })
    : spawn(process.execPath, [...nodeArgs, script, ...args], opts);
  fs.closeSync(out);
  const handle = {
    name,
    child,
    pid: child.pid,
    logFile,
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
    tail: (lines = 30) => tailOf(logFile, lines),
    stop: (graceMs = 10_000) => stopChild(handle, graceMs),
  };
  children.add(handle);
  handle.exited.then(() => children.delete(handle));
  return handle;
}

/**
 * Node/V8 flags for one started process from the environment, for profiling a bench: BENCH_NODE_ARGS_<NAME>
 * (space separated; the name upper-cased with - as _), e.g. BENCH_NODE_ARGS_WORKER='--cpu-prof
 * --cpu-prof-dir=/tmp/prof' (NODE_OPTIONS does not take --cpu-prof).
 */
function extraNodeArgs(name) {
  const key = `BENCH_NODE_ARGS_${name.toUpperCase().replace(/-/g, '_')}`;
  return (process.env[key] ?? '').split(' ').filter(Boolean);
}

async function stopChild(handle, graceMs) {
  if (!handle.running) return;
  handle.child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (handle.running) handle.child.kill('SIGKILL');
  }, graceMs);
  await handle.exited;
  clearTimeout(timer);
}

/** Stops every child this process started (SIGTERM, then SIGKILL after the grace period). */
export async function stopAllChildren(graceMs = 10_000) {
  await Promise.all([...children].map((h) => h.stop(graceMs)));
}

/** Last resort (synchronous, e.g. from an exit handler): SIGKILL whatever is still running. */
export function killAllChildrenNow() {
  for (const h of children) {
    try {
      if (h.running) h.child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}

export function tailOf(file, lines = 30) {
  try {
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .slice(-lines - 1)
      .join('\n');
  } catch {
    return '';
  }
}

/** CPU seconds (user + system) used so far by a pid, from /proc; null where /proc is unavailable. */
export function cpuSecondsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    return ticks / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/**
 * CPU seconds used so far by every process whose command name is one of `names` (e.g. postgres), counting
 * the ones that have exited too: a server's root process (its parent has another name) carries the time of
 * its children it has reaped (PostgreSQL's backends). Without that, a backend alive at the start of a
 * measurement and gone at its end took all its CPU time out of the figure (a pipeline phase right after
 * another phase's connections closed showed postgres at 0.5 s for 10,000 jobs).
 */
export function cpuSecondsByName(names) {
  const out = Object.fromEntries(names.map((n) => [n, 0]));
  let entries;
  try {
    entries = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const commOf = (pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return null; // exited meanwhile
    }
  };
  for (const pid of entries) {
    const comm = commOf(pid);
    if (comm === null || !(comm in out)) continue;
    out[comm] += cpuSecondsOf(pid) ?? 0;
    if (commOf(parentPidOf(pid)) !== comm) out[comm] += childCpuSecondsOf(pid) ?? 0;
  }
  return out;
}

/** A pid's parent pid, from /proc; null when it has exited. */
function parentPidOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]; // ppid (field 4)
  } catch {
    return null;
  }
}

/** CPU seconds of a pid's children that have exited and been waited for (cutime + cstime), from /proc; null elsewhere. */
export function childCpuSecondsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100; // cutime, cstime (fields 16 and 17)
  } catch {
    return null;
  }
}

/** CPU seconds used so far by a pid's children still running (e.g. a long-lived helper process), from /proc. */
export function liveChildrenCpuSecondsOf(pid) {
  let total = 0;
  for (const child of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${child}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid) total += cpuSecondsOf(Number(child)) ?? 0;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}
