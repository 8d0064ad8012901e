import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '@sparkhouse/backend';

/** Pids of a process's whole tree (children, grandchildren...). */
export function descendants(pid: number): number[] {
  let out = '';
  try {
    out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    return [];
  }
  const kids = out
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter(Boolean);
  return kids.flatMap((k) => [k, ...descendants(k)]);
}

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export interface StartCommand {
  child: ChildProcess;
  /** Everything the command printed so far (stdout and stderr). */
  readonly output: string;
  /** The command's exit code once it exits. */
  exited: Promise<number | null>;
  /** Kills the command's whole tree if it still runs (a failed assertion must not leave processes behind). */
  killAll(): Promise<void>;
}

/** `npm start`'s script (scripts/start.mjs) as a user runs it, on its own port, database and Redis prefix. */
export function startCommand(options: { port: number; databaseUrl: string; redisPrefix: string }): StartCommand {
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    env: {
      ...process.env,
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      REDIS_PREFIX: options.redisPrefix,
      SPARKHOUSE_SKIP_BUILD: '1',
      SPARKHOUSE_SKIP_INSTALL: '1',
      LOG_LEVEL: 'warn',
      // an anonymous caller starts the tests' pipeline checks
      OPERATIONS_OPEN_PIPELINE_CHECKS: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    get output() {
      return output;
    },
    exited,
    async killAll() {
      if (child.exitCode !== null) return;
      for (const pid of [...descendants(child.pid!), child.pid!]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await exited;
    },
  };
}
