import { Client } from 'pg';
import { createTestDatabase, eventually } from '@sparkhouse/backend/test-support';
import { alive, descendants, startCommand } from './start-command';

const OWNER = 'anon_start_cmd_000001';

/**
 * `npm start`'s script as a user runs it: serves the product, and on SIGTERM stops the API and the
 * worker (which hands its job in flight back to the queue) without leaving a process behind.
 */
describe('the start command', () => {
  it('serves the product and stops cleanly on SIGTERM, returning jobs in flight to the queue', async () => {
    const db = await createTestDatabase();
    const port = 3400 + (process.pid % 500);
    const started = startCommand({ port, databaseUrl: db.url, redisPrefix: `startcmd${process.pid}` });
    const { child, exited } = started;
    try {
      await eventually(() => started.output.includes(`running at http://localhost:${port}`), {
        timeoutMs: 60_000,
        intervalMs: 200,
      });
      const home = await fetch(`http://localhost:${port}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<div id="root">');

      const res = await fetch(`http://localhost:${port}/api/operations/pipeline-checks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-non-auth-user-id': OWNER },
        body: JSON.stringify({ steps: 10, stepDelayMs: 3000 }),
      });
      const { runId } = (await res.json()).response;
      await eventually(
        async () => {
          const r = await fetch(`http://localhost:${port}/api/jobs/${runId}`, { headers: { 'x-non-auth-user-id': OWNER } });
          return (await r.json()).response.status === 'running';
        },
        { timeoutMs: 60_000 },
      );

      const tree = descendants(child.pid!);
      expect(tree.length).toBeGreaterThanOrEqual(2);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(tree.filter(alive)).toEqual([]);
      expect(started.output).toContain('stopped.');

      const pg = new Client({ connectionString: db.url });
      await pg.connect();
      try {
        const { rows } = await pg.query(`select type from domain_event where stream_id = $1 order by stream_version`, [
          `job-${runId}`,
        ]);
        expect(rows.map((r) => r.type)).toContain('JobRequeued');
      } finally {
        await pg.end();
      }
    } finally {
      // a failed assertion must not leave the API and the worker running: kill the whole tree
      await started.killAll();
      await db.drop();
    }
  }, 90_000);
});
