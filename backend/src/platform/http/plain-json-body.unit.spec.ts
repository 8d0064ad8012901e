import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import express from 'express';
import { requestContext } from '../context/request-context';
import { jsonBody } from './middleware';
import { plainJsonBody } from './plain-json-body';
import { INVALID_UTF8_BODY } from './text-input';

/** An app with the API's JSON body parsers that answers what it read (or the error the parsers gave). */
describe('JSON bodies (plainJsonBody ahead of express.json)', () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    // a request context, as requestContextMiddleware opens one: the handler must still see it
    app.use((req, _res, next) =>
      requestContext.run(
        { requestId: String(req.headers['x-request-id'] ?? 'none'), timeZone: 'UTC', principal: null, causationId: null },
        next,
      ),
    );
    // plainJsonBody alone: what it reads itself, and what it leaves to express.json (req.body stays unset)
    app.post('/plain-only', plainJsonBody(64), (req, res) => res.json({ read: req.body !== undefined }));
    app.use(...jsonBody(64));
    app.post('/echo', (req, res) => res.json({ body: req.body as unknown, context: requestContext.current()?.requestId }));
    app.use(
      (err: { status?: number; type?: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
        res.status(err.status ?? 500).json({ type: err.type });
      },
    );
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = async (body: string | Buffer, headers: Record<string, string> = { 'content-type': 'application/json' }) => {
    const res = await fetch(`${base}/echo`, { method: 'POST', headers, body });
    const json = (await res.json()) as { body?: unknown; type?: string; context?: string };
    if (res.status === 200) expect(json.context).toBe('none'); // the request's context carried on past the body
    delete json.context;
    return { status: res.status, json };
  };

  it('reads the plain case itself and leaves every other body as it came', async () => {
    const read = async (body: string | Buffer, headers: Record<string, string>) =>
      ((await (await fetch(`${base}/plain-only`, { method: 'POST', headers, body })).json()) as { read: boolean }).read;
    expect(await read('{"a":1}', { 'content-type': 'application/json' })).toBe(true);
    expect(await read('{"a":1}', { 'content-type': 'application/json; charset=utf-8' })).toBe(true);
    expect(await read(gzipSync('{"a":1}'), { 'content-type': 'application/json', 'content-encoding': 'gzip' })).toBe(false);
    expect(await read('{"a":1}', { 'content-type': 'application/x-amz-json-1.1' })).toBe(false);
    expect(await read('{"a":1}', { 'content-type': 'application/json; charset=latin1' })).toBe(false);
    expect(await read(JSON.stringify({ pad: 'x'.repeat(100) }), { 'content-type': 'application/json' })).toBe(false);
  });

  it('reads a plain JSON body, with or without charset=utf-8, and drops a leading BOM', async () => {
    expect(await post('{"steps":1,"name":"é"}')).toEqual({ status: 200, json: { body: { steps: 1, name: 'é' } } });
    expect(await post('[1,2]', { 'content-type': 'application/json; charset=UTF-8' })).toEqual({
      status: 200,
      json: { body: [1, 2] },
    });
    expect(await post(Buffer.from('\ufeff {"a":1}', 'utf8'))).toEqual({ status: 200, json: { body: { a: 1 } } });
  });

  it('takes an empty body as {} and refuses anything but an object or an array, as body-parser does', async () => {
    expect(await post('')).toEqual({ status: 200, json: { body: {} } });
    expect(await post(' "text"')).toEqual({ status: 400, json: { type: 'entity.parse.failed' } });
    expect(await post('{"steps":')).toEqual({ status: 400, json: { type: 'entity.parse.failed' } });
  });

  it('refuses bytes that are not UTF-8 before decoding them', async () => {
    expect(await post(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]))).toEqual({
      status: 400,
      json: { type: INVALID_UTF8_BODY },
    });
  });

  it('leaves the rest to express.json: a body over the limit, other charsets, compressed bodies', async () => {
    expect(await post(JSON.stringify({ pad: 'x'.repeat(100) }))).toEqual({ status: 413, json: { type: 'entity.too.large' } });
    expect(await post('{"a":1}', { 'content-type': 'application/json; charset=latin1' })).toEqual({
      status: 415,
      json: { type: 'charset.unsupported' },
    });
    expect(await post(gzipSync('{"a":1}'), { 'content-type': 'application/json', 'content-encoding': 'gzip' })).toEqual({
      status: 200,
      json: { body: { a: 1 } },
    });
    expect(await post('{"a":1}', { 'content-type': 'application/vnd.api+json' })).toEqual({
      status: 200,
      json: { body: { a: 1 } },
    });
  });
});
