import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import express from 'express';
import { loadConfig, repoRoot, type AppConfig } from '../config/config';
import { storage as pinoRequestStore } from 'nestjs-pino/storage';
import { requestContext } from '../context/request-context';
import { requestLoggerMiddleware, rootLogger } from './logger';

type Line = Record<string, unknown>;

/** An express app with the request logger at `level`, its log lines captured, and a caller. */
async function appLogging(level: AppConfig['LOG_LEVEL']) {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Line);
      done();
    },
  });
  const config = loadConfig({ LOG_LEVEL: level });
  rootLogger(config, sink);
  const app = express();
  let n = 0;
  // the request context, as requestContextMiddleware opens it in front of the request logger
  app.use((req, res, next) => {
    const requestId = `req-${++n}`;
    (req as express.Request & { id: string }).id = requestId;
    requestContext.run({ requestId, timeZone: 'UTC', principal: null, causationId: null, http: { req, res } }, next);
  });
  app.use(requestLoggerMiddleware(config));
  app.get('/api/health', (_req, res) => void res.json({ status: 'ok' }));
  app.post('/api/things/:id', express.json(), (req, res) => {
    req.log.warn({ thing: req.params.id }, 'a request of its own says something');
    res.status(201).json({ ok: true });
  });
  // whether Nest's Logger (nestjs-pino's request store) writes through this request's own logger
  app.get(
    '/api/whose-logger',
    (req, res) =>
      // read after a turn of the event loop, as a handler's later lines are
      void setImmediate(() => res.json({ own: pinoRequestStore.getStore()?.logger === req.log })),
  );
  app.get('/api/broken', () => {
    throw new Error('boom');
  });
  app.use((_err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).json({ error: 'boom' });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = (path: string, init?: RequestInit) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: 'Bearer secret-token', cookie: 'sid=secret-cookie', 'content-type': 'application/json' },
    }).then((r) => r.text());
  return { lines, call, close: () => new Promise((r) => server.close(r)) };
}

const waitFor = async (check: () => boolean) => {
  for (const deadline = Date.now() + 5000; !check();) {
    if (Date.now() > deadline) throw new Error('no log line in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('request log lines', () => {
  it('at info: one compact line per request (method, route, status, ms, request id), no headers or bodies', async () => {
    const app = await appLogging('info');
    try {
      await app.call('/api/things/42?email=someone@example.com', {
        method: 'POST',
        body: JSON.stringify({ password: 'hunter2' }),
      });
      await app.call('/api/health');
      await app.call('/api/broken');
      await waitFor(() => app.lines.filter((l) => 'status' in l).length >= 2);
      const requests = app.lines.filter((l) => 'status' in l);
      expect(requests).toHaveLength(2); // health probes are not logged
      const [thing, broken] = requests;
      expect(thing).toMatchObject({
        level: 30,
        msg: 'request completed',
        reqId: 'req-1',
        method: 'POST',
        route: '/api/things/42',
        status: 201,
      });
      expect(typeof thing.ms).toBe('number');
      expect(Object.keys(thing).sort()).toEqual([
        'hostname',
        'level',
        'method',
        'ms',
        'msg',
        'pid',
        'reqId',
        'route',
        'status',
        'time',
      ]);
      expect(broken).toMatchObject({ level: 50, msg: 'request failed', route: '/api/broken', status: 500 });
      // the request's own line carries its id; nothing anywhere carries a credential, a query or a body
      expect(app.lines.find((l) => l.msg === 'a request of its own says something')).toMatchObject({ req: { id: 'req-1' } });
      const all = JSON.stringify(app.lines);
      for (const secret of ['secret-token', 'secret-cookie', 'hunter2', 'someone@example.com', 'headers'])
        expect(all).not.toContain(secret);
    } finally {
      await app.close();
    }
  });

  it('at debug: the full request and response, credentials redacted', async () => {
    const app = await appLogging('debug');
    try {
      await app.call('/api/things/7', { method: 'POST', body: '{}' });
      await waitFor(() => app.lines.some((l) => l.msg === 'request completed'));
      const line = app.lines.find((l) => l.msg === 'request completed') as {
        req: { headers: Record<string, string> };
        res: unknown;
      };
      expect(line.req.headers.authorization).toBe('[redacted]');
      expect(line.req.headers.cookie).toBe('[redacted]');
      expect(line.req.headers['content-type']).toBe('application/json');
      expect(line.res).toBeDefined();
      expect(JSON.stringify(app.lines)).not.toContain('secret-token');
    } finally {
      await app.close();
    }
  });

  it.each(['warn', 'info', 'debug'] as const)("at %s: Nest's Logger writes through the request's own logger", async (level) => {
    const app = await appLogging(level);
    try {
      expect(JSON.parse(await app.call('/api/whose-logger'))).toEqual({ own: true });
    } finally {
      await app.close();
    }
  });

  it("outside a request (jobs, start-up) Nest's Logger has no request logger and writes through the root", () => {
    expect(pinoRequestStore.getStore()).toBeUndefined();
    expect(requestContext.run(requestContext.system(), () => pinoRequestStore.getStore())).toBeUndefined();
  });

  it('above info: no request lines, but a request still logs its own warnings with its id', async () => {
    const app = await appLogging('warn');
    try {
      await app.call('/api/things/9', { method: 'POST', body: '{}' });
      await waitFor(() => app.lines.length >= 1);
      expect(app.lines).toHaveLength(1);
      expect(app.lines[0]).toMatchObject({ level: 40, req: { id: 'req-1', method: 'POST', url: '/api/things/9' } });
    } finally {
      await app.close();
    }
  });
});

/**
 * A process logging through the compiled logger to its standard output (a pipe, as under npm start):
 * `lone` lines, then (on the parent's "go") `burst` lines and process.exit at once.
 */
const STDOUT_PROBE = `
const [dist] = process.argv.slice(1);
const { loadConfig } = require(dist + '/platform/config/config');
const { rootLogger } = require(dist + '/platform/logging/logger');
const log = rootLogger(loadConfig({ LOG_LEVEL: 'info' }));
log.info({ n: 0 }, 'lone line');
process.stdin.once('data', () => {
  for (let n = 1; n <= 2000; n++) log.info({ n }, 'burst line');
  process.exit(0);
});
`;

describe('standard output', () => {
  const dist = path.join(repoRoot, 'backend/dist');
  beforeAll(() => {
    if (!fs.existsSync(path.join(dist, 'platform/logging/logger.js'))) {
      throw new Error('Compile the server first (npm test does: tsc -b).');
    }
  });

  it('a lone line goes out within a moment, and every gathered line is written when the process exits', async () => {
    const child = spawn(process.execPath, ['-e', STDOUT_PROBE, dist], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines: Line[] = [];
    let partial = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop()!;
      for (const l of parts) if (l) lines.push(JSON.parse(l) as Line);
    });
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    try {
      // held in the batch at most a flush period (200 ms), never until more lines come
      await waitFor(() => lines.length === 1);
      expect(lines[0]).toMatchObject({ msg: 'lone line', n: 0 });
      child.stdin.write('go\n');
      expect(await exited).toBe(0);
      expect(lines.map((l) => l.n)).toEqual(Array.from({ length: 2001 }, (_, n) => n));
    } finally {
      child.kill();
    }
  });
});
