import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { createTestDatabase, eventually } from '@sparkhouse/backend/test-support';
import { repoRoot } from '@sparkhouse/backend';

/*
 * Chaos: SIGTERM to the API process (as `npm start`, a deploy or an orchestrator sends it) while 20
 * clients keep sending requests on kept-alive connections. The API stops accepting, answers every
 * request it took (each answer from then on with `Connection: close`, so the clients leave their
 * connections), and exits within 10 s: no request is dropped without an answer. A client's next
 * connection is refused (in a cluster it goes to another node).
 */
const CLIENTS = 20;
const EXIT_DEADLINE_MS = 10_000;

interface Answer {
  status: number;
  close: boolean;
  at: number;
}

function get(agent: http.Agent, port: number, pathname: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, close: res.headers.connection === 'close', at: Date.now() }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

describe('chaos: SIGTERM to the API under load', () => {
  it('answers every request it took, tells kept-alive clients to close, and exits within 10 s', async () => {
    const db = await createTestDatabase();
    const port = 3900 + (process.pid % 90);
    const api = spawn(process.execPath, [path.join(repoRoot, 'backend/dist/main.js')], {
      env: { ...process.env, PORT: String(port), DATABASE_URL: db.url, REDIS_PREFIX: `drain${process.pid}`, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    api.stdout.on('data', (d) => (output += d));
    api.stderr.on('data', (d) => (output += d));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      api.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const agents = Array.from({ length: CLIENTS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    try {
      await eventually(async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok, {
        timeoutMs: 60_000,
        intervalMs: 200,
      });

      let signalledAt = Infinity;
      const answers: Answer[][] = agents.map(() => []);
      const dropped: string[] = [];
      const refused: number[] = [];
      const clients = agents.map(async (agent, i) => {
        for (let n = 0; ; n++) {
          try {
            answers[i].push(await get(agent, port, n % 2 ? '/api/health/ready' : '/api/getProducts?limit=24'));
          } catch (err) {
            const code = (err as NodeJS.ErrnoException).code;
            // a new connection refused once the API stopped accepting: nothing was taken, nothing dropped
            if (code === 'ECONNREFUSED' && Date.now() >= signalledAt) refused.push(i);
            else dropped.push(`client ${i}: ${code ?? (err as Error).message}`);
            return;
          }
        }
      });

      // every client is on a kept-alive connection with answers coming
      await eventually(() => answers.every((a) => a.length >= 3), { timeoutMs: 30_000 });
      signalledAt = Date.now();
      api.kill('SIGTERM');
      await Promise.all(clients);
      const { code, at } = await exited;
      const afterSignal = answers.flat().filter((a) => a.at >= signalledAt);
      console.log(
        `chaos shutdown: exited ${at - signalledAt} ms after SIGTERM, ${afterSignal.length} answers after it, ` +
          `${answers.flat().length} in all`,
      );

      expect(dropped).toEqual([]);
      expect(code).toBe(0);
      expect(at - signalledAt).toBeLessThan(EXIT_DEADLINE_MS);
      // each client was told to close its connection, and its next one was refused
      expect(refused.sort((a, b) => a - b)).toEqual(agents.map((_, i) => i));
      for (const a of answers) expect(a[a.length - 1].close).toBe(true);
      expect(answers.flat().filter((a) => a.status !== 200)).toEqual([]);
      expect(output).toContain('API stopped in');
    } finally {
      agents.forEach((a) => a.destroy());
      if (api.exitCode === null && api.signalCode === null) api.kill('SIGKILL');
      await exited;
      await db.drop();
    }
  });
});
