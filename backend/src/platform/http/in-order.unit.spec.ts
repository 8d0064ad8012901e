import type { AddressInfo } from 'node:net';
import http from 'node:http';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { inOrder } from './in-order';

/** An app whose front middleware is one inOrder layer, as the API mounts its own. */
describe('inOrder (middleware run as one layer)', () => {
  let server: http.Server;
  let base: string;
  const layerCounts: number[] = [];

  const mark =
    (name: string): RequestHandler =>
    (req, res, next) => {
      res.append('x-seen', name);
      if (req.query.stop === name) return res.status(204).end();
      if (req.query.fail === name) return next(new Error(`failed in ${name}`));
      if (req.query.throw === name) throw new Error(`thrown in ${name}`);
      if (req.query.reject === name) return Promise.reject(new Error(`rejected in ${name}`)) as never;
      next();
    };

  beforeAll(async () => {
    const app = express();
    app.use(inOrder(mark('a'), mark('b'), mark('c')));
    app.use((_err: Error, _req: Request, res: Response, next: NextFunction) => {
      res.append('x-seen', 'error-handler');
      next(_err);
    });
    app.use(mark('after'));
    app.get('/here', (req, res) => {
      layerCounts.push((app.router as unknown as { stack: unknown[] }).stack.length);
      res.json({ ok: true });
    });
    app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
      res.status(500).json({ error: err.message });
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (query = '') => {
    const res = await fetch(`${base}/here${query}`);
    return { status: res.status, seen: res.headers.get('x-seen'), body: res.status === 204 ? null : await res.json() };
  };

  it('runs every handler in order, then the layers after it', async () => {
    expect(await get()).toEqual({ status: 200, seen: 'a, b, c, after', body: { ok: true } });
    // one layer for the three, then the error handler, "after", the route and the last error handler
    expect(layerCounts).toEqual([5]);
  });

  it('stops where a handler answers', async () => {
    expect(await get('?stop=b')).toEqual({ status: 204, seen: 'a, b', body: null });
  });

  it('hands an error passed to next, thrown or rejected to the error handlers after it, skipping the rest', async () => {
    for (const how of ['fail', 'throw', 'reject']) {
      const verb = { fail: 'failed', throw: 'thrown', reject: 'rejected' }[how];
      expect(await get(`?${how}=b`)).toEqual({
        status: 500,
        seen: 'a, b, error-handler',
        body: { error: `${verb} in b` },
      });
    }
  });
});
