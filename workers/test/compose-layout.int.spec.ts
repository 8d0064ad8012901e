import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import YAML from 'yaml';
import { repoRoot } from '@sparkhouse/backend';
import { createTestDatabase, eventually } from '@sparkhouse/backend/test-support';
import { headerNames } from '@sparkhouse/contracts';

/**
 * The compose reference (docker-compose.yml) as this machine can run it: its processes started with
 * the compose file's own commands (the `migrate` service, the API from the Dockerfile's CMD, the
 * `worker` service's command) and environment, two API processes and two workers on one PostgreSQL and
 * Redis. Writes on one API node are read on the other by a plain HTTP client carrying the write's
 * consistency token: no miss, every run done once by the workers.
 */
const STUCK_MS = 90_000;
const OWNER = 'anon_compose_layout_01';

type Service = { command?: string[]; environment?: Record<string, string>; healthcheck?: { test: string[] } };
const compose = YAML.parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8')) as {
  'x-app': { environment: Record<string, string> };
  services: Record<string, Service>;
};
const dockerfileCmd = JSON.parse(
  /^CMD (\[.*\])$/m.exec(fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'))![1],
) as string[];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** A compose command run from the image's working directory (the repository here): `node ...`. */
function run(command: string[], env: NodeJS.ProcessEnv, output: string[]): ChildProcess {
  expect(command[0]).toBe('node');
  const child = spawn(process.execPath, command.slice(1), { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  return child;
}

const exited = (c: ChildProcess) =>
  c.exitCode !== null || c.signalCode !== null
    ? Promise.resolve(c.exitCode)
    : new Promise<number | null>((resolve) => c.once('exit', (code) => resolve(code)));

describe('the compose layout: two API processes and two workers on one PostgreSQL and Redis', () => {
  it('reads a write made on one API node from the other, with no miss, and runs every job once', async () => {
    const db = await createTestDatabase();
    const media = fs.mkdtempSync(path.join(os.tmpdir(), 'sparkhouse-compose-'));
    const [port1, port2, health1, health2] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const env = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
      ...process.env,
      ...compose['x-app'].environment,
      // the compose file's services by their addresses here
      DATABASE_URL: db.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `compose${process.pid}`,
      MEDIA_DIR: media,
      LOG_LEVEL: 'warn',
      // an anonymous caller starts the pipeline checks below
      OPERATIONS_OPEN_PIPELINE_CHECKS: 'true',
      ...extra,
    });
    const output: string[] = [];
    const children: ChildProcess[] = [];
    try {
      expect(compose['x-app'].environment.NODE_ENV).toBe('production');
      const migrate = run(compose.services.migrate.command!, env({}), output);
      expect(await exited(migrate)).toBe(0);

      const apis = [port1, port2].map((port) => run(dockerfileCmd, env({ PORT: String(port), HOST: '127.0.0.1' }), output));
      const workers = [health1, health2].map((port) =>
        run(compose.services.worker.command!, env({ WORKER_HEALTH_PORT: String(port) }), output),
      );
      children.push(...apis, ...workers);
      const ready = async (url: string) => {
        if (children.some((c) => c.exitCode !== null)) throw new Error(`a process exited:\n${output.join('')}`);
        return (await fetch(url).catch(() => null))?.status === 200;
      };
      await eventually(
        async () =>
          (await ready(`http://127.0.0.1:${port1}/api/health/ready`)) &&
          (await ready(`http://127.0.0.1:${port2}/api/health/ready`)) &&
          (await ready(`http://127.0.0.1:${health1}/health/ready`)) &&
          (await ready(`http://127.0.0.1:${health2}/health/ready`)),
        { timeoutMs: STUCK_MS, intervalMs: 250 },
      );

      const nodes = [`http://127.0.0.1:${port1}`, `http://127.0.0.1:${port2}`];
      const runIds: string[] = [];
      let misses = 0;
      for (let i = 0; i < 20; i++) {
        const [writer, reader] = i % 2 ? [nodes[0], nodes[1]] : [nodes[1], nodes[0]];
        const written = await fetch(`${writer}/api/operations/pipeline-checks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-non-auth-user-id': OWNER },
          body: JSON.stringify({ steps: 1 }),
        });
        expect(written.status).toBeLessThan(300);
        const token = written.headers.get(headerNames.consistencyToken);
        expect(token).toBeTruthy();
        const { runId } = (await written.json()).response as { runId: string };
        runIds.push(runId);
        const read = await fetch(`${reader}/api/jobs/${runId}`, {
          headers: { 'x-non-auth-user-id': OWNER, [headerNames.consistencyToken]: token! },
        });
        if (read.status !== 200 || (await read.json()).response.runId !== runId) misses++;
      }
      expect(misses).toBe(0);

      // the two workers did every run, each once
      const pg = new Client({ connectionString: db.url });
      await pg.connect();
      try {
        const done = await eventually(
          async () => {
            const { rows } = await pg.query(
              `select stream_id, count(*)::int as n from domain_event
                where type = 'JobCompleted' and stream_id = any($1) group by stream_id`,
              [runIds.map((id) => `job-${id}`)],
            );
            return rows.length === runIds.length && rows;
          },
          { timeoutMs: STUCK_MS, intervalMs: 200 },
        );
        expect(done.every((r: { n: number }) => r.n === 1)).toBe(true);
      } finally {
        await pg.end();
      }
    } finally {
      for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
      const stopping = Promise.all(children.map(exited));
      const kill = setTimeout(() => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')), 20_000);
      await stopping;
      clearTimeout(kill);
      fs.rmSync(media, { recursive: true, force: true });
      await db.drop();
    }
  }, 150_000);
});
