import { Database } from '@sparkhouse/backend';
import { io } from 'socket.io-client';
import { EventRelay } from '@sparkhouse/backend';
import { createTestDatabase, eventually, startApi, testConfig } from '@sparkhouse/backend/test-support';
import { REALTIME } from '@sparkhouse/contracts';
import { startWorker } from './stack';

/**
 * Two API and two worker processes' applications on one PostgreSQL and Redis: one relay leads,
 * pushes cross nodes, and every run completes exactly once — also after the leader goes away.
 */
// Four applications share the machine's cores with whatever else runs (CI is a busy 2-core machine):
// every wait follows the product's own signals (leadership, completions pushed, rows completed), with
// deadlines that only matter when something is stuck, never short ones that a slow machine trips.
const STUCK_MS = 90_000;

describe('scale-out: two API nodes and two workers', () => {
  it(
    'loses and doubles nothing, and another node takes over the relay',
    async () => {
      const db = await createTestDatabase();
      const config = testConfig(db.url, { WORKER_CONCURRENCY: '4' });
      const api1 = await startApi(config);
      const api2 = await startApi(config);
      const workers = [await startWorker(config), await startWorker(config)];
      const owner = 'anon_scale_owner_0001';
      // the owner's socket is on node 2; half the runs are requested through node 1
      const socket = io(api2.baseUrl, {
        path: REALTIME.path,
        auth: { anonymousId: owner },
        transports: ['websocket'],
        reconnection: false,
      });
      const completions: string[] = [];
      socket.on('job:completed', (m) => completions.push(m.runId));
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        const leaders = () => [api1, api2].filter((a) => a.app.get(EventRelay).isLeader).length;
        await eventually(() => leaders() === 1, { timeoutMs: STUCK_MS });

        const start = async (base: string) => {
          const res = await fetch(`${base}/api/operations/pipeline-checks`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-non-auth-user-id': owner },
            body: JSON.stringify({ steps: 1 }),
          });
          return (await res.json()).response.runId as string;
        };
        const runIds = await Promise.all(Array.from({ length: 40 }, (_, i) => start(i % 2 ? api1.baseUrl : api2.baseUrl)));
        await eventually(() => completions.length >= 40, { timeoutMs: STUCK_MS });

        // the leader goes away: the other node takes over and the next runs still complete
        const leader = api1.app.get(EventRelay).isLeader ? api1 : api2;
        const survivor = leader === api1 ? api2 : api1;
        await leader.app.close();
        await eventually(() => survivor.app.get(EventRelay).isLeader, { timeoutMs: STUCK_MS });
        const late = await Promise.all(Array.from({ length: 5 }, () => start(survivor.baseUrl)));
        if (survivor === api2) await eventually(() => late.every((id) => completions.includes(id)), { timeoutMs: STUCK_MS });

        const all = [...runIds, ...late];
        const conn = survivor.app.get(Database).em.fork().getConnection();
        const done = await eventually(
          async () => {
            const rows = await conn.execute(`select count(*)::int as n from job_run where status = 'completed'`);
            return rows[0].n === all.length ? rows[0].n : null;
          },
          { timeoutMs: STUCK_MS },
        );
        expect(done).toBe(45);
        const terminal = await conn.execute(
          `select stream_id, count(*)::int as n from domain_event where type = 'JobCompleted' group by stream_id having count(*) <> 1`,
        );
        expect(terminal).toEqual([]);
        expect(new Set(completions.filter((id) => runIds.includes(id))).size).toBe(40);
        if (survivor === api2) expect(completions.filter((id) => all.includes(id))).toHaveLength(45);
      } finally {
        socket.disconnect();
        for (const w of workers) await w.close();
        for (const a of [api1, api2]) await a.app.close().catch(() => undefined);
        await db.drop();
      }
    },
    5 * STUCK_MS,
  );
});
