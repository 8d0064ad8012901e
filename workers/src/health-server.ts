import http from 'node:http';
import type { Database, RedisConnections, WorkerRuntime } from '@sparkhouse/backend';

const CHECK_TIMEOUT_MS = 2000;

const within = (work: Promise<unknown>) =>
  Promise.race([
    work.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CHECK_TIMEOUT_MS).unref()),
  ]).catch(() => false);

/**
 * The worker's health endpoints for an orchestrator's probes (WORKER_HEALTH_PORT; the worker has no
 * other HTTP): `GET /health` answers 200 while the process runs; `GET /health/ready` answers 200
 * while it consumes its queues and PostgreSQL and Redis answer, else 503 (also once a shutdown began,
 * while it hands its jobs back).
 */
export function startHealthServer(
  port: number,
  deps: { runtime: WorkerRuntime; database: Database; redis: RedisConnections },
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET') return answer(405, { error: 'GET only' });
    if (req.url === '/health') return answer(200, { status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
    if (req.url !== '/health/ready') return answer(404, { error: 'Not found' });
    void Promise.all([
      within(deps.database.em.fork().getConnection().execute('select 1')),
      within(deps.redis.shared().ping()),
    ]).then(([database, redis]) => {
      const consuming = deps.runtime.consuming;
      const ok = consuming && database && redis;
      answer(ok ? 200 : 503, { status: ok ? 'ok' : 'error', checks: { consuming, database, redis } });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}
