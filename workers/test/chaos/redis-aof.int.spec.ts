import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { eventually } from '@sparkhouse/backend/test-support';
import { repoRoot } from '@sparkhouse/backend';

/*
 * Chaos: the Redis that `npm start` starts (scripts/lib/redis.conf) is killed with SIGKILL, as a crash
 * or a power cut does, and started again on the same files: the queues' data is still there (an
 * append-only file flushed every second), and Redis never evicts a key.
 */
describe('chaos: the Redis npm start runs keeps its data', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sparkhouse-redis-'));
  const port = 6500 + (process.pid % 400);
  let server: ChildProcess | null = null;

  const start = async () => {
    server = spawn(
      'redis-server',
      [path.join(repoRoot, 'scripts/lib/redis.conf'), '--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
      {
        stdio: 'ignore',
      },
    );
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    await eventually(async () => {
      await client.connect().catch(() => undefined);
      return (await client.ping()) === 'PONG';
    });
    return client;
  };
  const kill = async () => {
    const s = server!;
    const gone = new Promise((resolve) => s.once('exit', resolve));
    s.kill('SIGKILL');
    await gone;
  };

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) await kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every write across a SIGKILL, with AOF every second and no eviction', async () => {
    const first = await start();
    expect(await first.config('GET', 'appendonly')).toEqual(['appendonly', 'yes']);
    expect(await first.config('GET', 'appendfsync')).toEqual(['appendfsync', 'everysec']);
    expect(await first.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
    const jobs = Array.from({ length: 100 }, (_, i) => `job-${i}`);
    await first.rpush('bull:chaos:wait', ...jobs);
    // flushed to the append-only file within a second
    await eventually(() => {
      const aof = path.join(dir, 'appendonlydir');
      return fs
        .readdirSync(aof)
        .some((f) => f.endsWith('.incr.aof') && fs.readFileSync(path.join(aof, f), 'utf8').includes('job-99'));
    });
    first.disconnect();
    await kill();

    const second = await start();
    try {
      expect(await second.lrange('bull:chaos:wait', 0, -1)).toEqual(jobs);
    } finally {
      second.disconnect();
    }
  });
});
