import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { Histogram, Registry } from 'prom-client';
import type { Metrics } from '../metrics/metrics';
import type { Principal } from '../auth/principal';
import { CallerWrites } from '../consistency/caller-writes';
import { requestContext, type RequestContext } from '../context/request-context';
import { SerialisedJson, weakEtag } from './serialised-json';
import { REFRESH_RETRY_MS, SharedAnswers, type FrontDoorRequestLine } from './shared-answers';

class ClockedAnswers extends SharedAnswers {
  constructor(writes?: CallerWrites) {
    super(writes);
  }

  at = 1_000;
  protected override now() {
    return this.at;
  }
}

function fakeExchange(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const sent: { status: number; headers: Record<string, unknown>; body?: string; ended: boolean } = {
    status: 200,
    headers: {},
    ended: false,
  };
  const onClose: (() => void)[] = [];
  const res = {
    once: (event: string, fn: () => void) => {
      if (event === 'close') onClose.push(fn);
    },
    get statusCode() {
      return sent.status;
    },
    set statusCode(s: number) {
      sent.status = s;
    },
    setHeader: (k: string, v: unknown) => (sent.headers[k.toLowerCase()] = v),
    end: (body?: Buffer) => {
      sent.body = body?.toString('utf8');
      sent.ended = true;
    },
  } as unknown as Response;
  const req = {
    method,
    originalUrl: url,
    headers,
    // what Express's req.fresh answers for these headers and the ETag just set
    get fresh() {
      return headers['if-none-match'] === sent.headers.etag;
    },
  } as unknown as Request;
  const next = jest.fn() as unknown as NextFunction & jest.Mock;
  /** The exchange ends (Node emits 'close' once a response has been sent or abandoned). */
  const close = () => onClose.splice(0).forEach((fn) => fn());
  return { req, res, next, sent, close };
}

/** Runs `fn` as a request of this caller would (the request context the API's middleware opens). */
function as<T>(principal: Principal | null, fn: () => T): T {
  return requestContext.run({ requestId: 'r', timeZone: 'UTC', principal, causationId: null }, fn);
}

describe('SerialisedJson', () => {
  it('holds exactly JSON.stringify of its value, its UTF-8 length and the weak ETag Express would send', () => {
    const value = { products: [{ title: 'Crème brûlée', n: 1 }], lastProductId: null };
    const s = new SerialisedJson(value);
    expect(s.body).toBe(JSON.stringify(value));
    expect(s.byteLength).toBe(Buffer.byteLength(s.body));
    expect(s.byteLength).toBeGreaterThan(s.body.length); // é and û take two bytes
    expect(s.etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    expect(s.etag).toBe(weakEtag(Buffer.from(s.body)));
    expect(new SerialisedJson({ ...value, lastProductId: 'x' }).etag).not.toBe(s.etag);
  });

  it('serialises the envelope style once and keeps sharedUntil', () => {
    const s = new SerialisedJson({ a: 1 }, 5_000);
    const e = s.inEnvelope();
    expect(JSON.parse(e.body)).toEqual({ status: 'success', response: { a: 1 } });
    expect(e.sharedUntil).toBe(5_000);
    expect(new SerialisedJson({ a: 1 }, 5_000, 7_000).inEnvelope().staleUntil).toBe(7_000);
    expect(s.inEnvelope()).toBe(e);
  });

  it('leads to its newest renewal, in the envelope style too', () => {
    const v1 = new SerialisedJson({ n: 1 }, 1_000, 2_000);
    const v2 = new SerialisedJson({ n: 2 }, 3_000, 4_000);
    const v3 = new SerialisedJson({ n: 3 }, 5_000, 6_000);
    const e1 = v1.inEnvelope();
    expect(v1.latest).toBe(v1);
    expect(e1.latest).toBe(e1);
    v1.renewedBy(v2);
    v2.renewedBy(v3);
    expect(v1.latest).toBe(v3);
    expect(e1.latest).toBe(v3.inEnvelope());
    expect(JSON.parse(e1.latest.body)).toEqual({ status: 'success', response: { n: 3 } });
    expect(e1.latest.sharedUntil).toBe(5_000);
  });
});

describe('SharedAnswers', () => {
  it('answers a remembered URL with the same bytes and ETag until sharedUntil, then forgets it', () => {
    const shared = new ClockedAnswers();
    const answer = new SerialisedJson({ products: [], lastProductId: null }, 3_000);
    shared.remember('/api/getProducts?limit=2', answer);

    const hit = fakeExchange('/api/getProducts?limit=2');
    shared.use(hit.req, hit.res, hit.next);
    expect(hit.next).not.toHaveBeenCalled();
    expect(hit.sent).toMatchObject({ status: 200, body: answer.body, ended: true });
    expect(hit.sent.headers).toEqual({
      'content-type': 'application/json; charset=utf-8',
      etag: answer.etag,
      'content-length': answer.byteLength,
    });

    const otherUrl = fakeExchange('/api/getProducts?limit=3');
    shared.use(otherUrl.req, otherUrl.res, otherUrl.next);
    expect(otherUrl.next).toHaveBeenCalledTimes(1);
    expect(otherUrl.sent.ended).toBe(false);

    shared.at = 3_000; // expired: routed again, and the entry is dropped
    const late = fakeExchange('/api/getProducts?limit=2');
    shared.use(late.req, late.res, late.next);
    expect(late.next).toHaveBeenCalledTimes(1);
    expect(shared.size).toBe(0);
  });

  it('answers 304 without a body when If-None-Match matches', () => {
    const shared = new ClockedAnswers();
    const answer = new SerialisedJson({ a: 1 }, 2_000);
    shared.remember('/api/x', answer);
    const conditional = fakeExchange('/api/x', { 'if-none-match': answer.etag });
    shared.use(conditional.req, conditional.res, conditional.next);
    expect(conditional.sent).toMatchObject({ status: 304, body: undefined, ended: true });
    expect(conditional.sent.headers.etag).toBe(answer.etag);
  });

  it('remembers only answers that are shared and still fresh, and only serves GET', () => {
    const shared = new ClockedAnswers();
    shared.remember('/api/a', new SerialisedJson({ a: 1 })); // not shared
    shared.remember('/api/b', new SerialisedJson({ b: 1 }, 1_000)); // already expired
    expect(shared.size).toBe(0);
    shared.remember('/api/c', new SerialisedJson({ c: 1 }, 9_000));
    const head = fakeExchange('/api/c', {}, 'HEAD');
    shared.use(head.req, head.res, head.next);
    expect(head.next).toHaveBeenCalledTimes(1);
    expect(shared.lookup('/api/c')?.value).toEqual({ c: 1 });
  });

  it('keeps at most 5000 URLs, dropping the least recently remembered first', () => {
    const shared = new ClockedAnswers();
    const answer = new SerialisedJson({}, 9_000);
    for (let i = 0; i < 5001; i++) shared.remember(`/api/u${i}`, answer);
    expect(shared.size).toBe(5000);
    expect(shared.lookup('/api/u0')).toBeUndefined();
    expect(shared.lookup('/api/u5000')).toBe(answer);
  });

  it('lets expired answers at the front go when it remembers a new one', () => {
    const shared = new ClockedAnswers();
    shared.remember('/api/old-1', new SerialisedJson({ n: 1 }, 2_000));
    shared.remember('/api/old-2', new SerialisedJson({ n: 2 }, 2_500));
    shared.remember('/api/later', new SerialisedJson({ n: 3 }, 9_000));
    expect(shared.size).toBe(3);
    shared.at = 2_600;
    shared.remember('/api/new', new SerialisedJson({ n: 4 }, 5_000));
    expect(shared.size).toBe(2);
    expect(shared.lookup('/api/later')?.value).toEqual({ n: 3 });
  });

  describe('stale-while-revalidate (an answer with staleUntil)', () => {
    const url = '/api/getProducts?limit=4';
    /** Fresh until 2_000, may go out stale until 4_000. */
    const setUp = () => {
      const shared = new ClockedAnswers();
      const old = new SerialisedJson({ n: 'old' }, 2_000, 4_000);
      shared.remember(url, old);
      shared.at = 2_500;
      return { shared, old };
    };
    const ask = (shared: SharedAnswers, headers: Record<string, string> = {}, principal: Principal | null = null) => {
      const x = fakeExchange(url, headers);
      as(principal, () => shared.use(x.req, x.res, x.next));
      return x;
    };

    it('routes exactly one request at a time to refresh a stale URL and answers the others with the stale bytes', () => {
      const { shared, old } = setUp();
      const refresher = ask(shared);
      expect(refresher.next).toHaveBeenCalledTimes(1);
      expect(refresher.sent.ended).toBe(false);
      const others = [ask(shared), ask(shared), ask(shared)];
      for (const o of others) {
        expect(o.next).not.toHaveBeenCalled();
        expect(o.sent).toMatchObject({ status: 200, body: old.body, ended: true });
      }
      // the refresh brings a fresh answer: it is served, and nothing is routed
      const fresh = new SerialisedJson({ n: 'new' }, 5_000, 7_000);
      shared.remember(url, fresh);
      refresher.close();
      const after = ask(shared);
      expect(after.next).not.toHaveBeenCalled();
      expect(after.sent.body).toBe(fresh.body);
    });

    it('answers the renewal its producer hands over, without routing another request', () => {
      const { shared, old } = setUp();
      const refresher = ask(shared);
      expect(refresher.next).toHaveBeenCalledTimes(1);
      shared.remember(url, old); // the producer's cache answered its stale copy (its refresh waits its turn)
      refresher.close();
      expect(ask(shared).sent.body).toBe(old.body);
      // the refresh is done: the producer renews the stale answer
      const fresh = new SerialisedJson({ n: 'new' }, 5_000, 7_000);
      old.renewedBy(fresh);
      const after = ask(shared);
      expect(after.next).not.toHaveBeenCalled();
      expect(after.sent).toMatchObject({ status: 200, body: fresh.body });
      expect(after.sent.headers.etag).toBe(fresh.etag);
      expect(shared.lookup(url)).toBe(fresh);
      // a routed request that still brings the old answer back does not undo it
      shared.remember(url, old);
      expect(ask(shared).sent.body).toBe(fresh.body);
      expect(shared.counts).toMatchObject({ routedToRefresh: 1 });
    });

    it('never answers a renewal past its own staleUntil', () => {
      const { shared, old } = setUp();
      old.renewedBy(new SerialisedJson({ n: 'short-lived' }, 2_100, 2_200)); // renewed, but already past both
      const x = ask(shared);
      expect(x.next).toHaveBeenCalledTimes(1);
      expect(shared.size).toBe(0);
    });

    it('retries a refresh that brought nothing fresher only after a short gap, never two at once', () => {
      const { shared, old } = setUp();
      const first = ask(shared);
      expect(first.next).toHaveBeenCalledTimes(1);
      shared.remember(url, old); // the producer's cache answered its stale copy again
      first.close();
      const tooSoon = ask(shared);
      expect(tooSoon.next).not.toHaveBeenCalled();
      expect(tooSoon.sent.body).toBe(old.body);
      shared.at += REFRESH_RETRY_MS;
      const second = ask(shared);
      expect(second.next).toHaveBeenCalledTimes(1);
      expect(ask(shared).next).not.toHaveBeenCalled();
    });

    it('never answers past staleUntil, even while a refresh is under way', () => {
      const { shared } = setUp();
      ask(shared); // the refresh that never comes back
      shared.at = 3_999;
      expect(ask(shared).sent.ended).toBe(true);
      shared.at = 4_000;
      const late = ask(shared);
      expect(late.next).toHaveBeenCalledTimes(1);
      expect(late.sent.ended).toBe(false);
      expect(shared.size).toBe(0);
      expect(ask(shared).next).toHaveBeenCalledTimes(1);
    });

    it('answers no caller who has a write of their own to see, fresh or stale; others get the kept answer', async () => {
      const written = new Set(['u:writer', 'a:anon_writer']);
      const lookedUp: string[] = [];
      const writes = {
        lastWriteOf: async (ctx: RequestContext) => {
          const owner = CallerWrites.owner(ctx.principal)!;
          lookedUp.push(owner);
          return written.has(owner) ? { transactionId: '9', position: '99' } : null;
        },
      } as unknown as CallerWrites;
      const shared = new ClockedAnswers(writes);
      shared.remember(url, new SerialisedJson({ n: 'kept' }, 2_000, 4_000));
      const askAs = async (principal: Principal | null, headers: Record<string, string> = {}) => {
        const x = fakeExchange(url, headers);
        as(principal, () => shared.use(x.req, x.res, x.next));
        await new Promise((resolve) => setImmediate(resolve)); // the (immediate) look-up of the caller's writes
        expect(x.sent.ended || x.next.mock.calls.length > 0).toBe(true);
        return x;
      };
      const writer = { kind: 'user' as const, id: 'writer', roles: [] };
      const reader = { kind: 'user' as const, id: 'reader', roles: [] };
      for (const at of [1_500, 2_500]) {
        shared.at = at; // fresh, then stale with a refresh under way
        if (at === 2_500) await askAs(null); // routed to refresh it, left running
        for (const routed of [await askAs(writer), await askAs({ kind: 'anonymous', id: 'anon_writer' })]) {
          expect(routed.next).toHaveBeenCalledTimes(1);
          expect(routed.sent.ended).toBe(false);
        }
        for (const served of [await askAs(reader), await askAs({ kind: 'anonymous', id: 'anon_reader' }), await askAs(null)]) {
          expect(served.next).not.toHaveBeenCalled();
          expect(JSON.parse(served.sent.body!)).toEqual({ n: 'kept' });
        }
      }
      expect(lookedUp).toContain('u:writer');
      expect(lookedUp).toContain('a:anon_reader');

      const noLookups = new ClockedAnswers(); // without CallerWrites nobody identified gets a kept answer
      noLookups.remember(url, new SerialisedJson({ n: 'kept' }, 2_000, 4_000));
      const x = fakeExchange(url);
      as(reader, () => noLookups.use(x.req, x.res, x.next));
      expect(x.next).toHaveBeenCalledTimes(1);
    });

    it('remembers an answer only until its staleUntil', () => {
      const shared = new ClockedAnswers();
      shared.remember(url, new SerialisedJson({ n: 1 }, 900, 1_000)); // already past both
      expect(shared.size).toBe(0);
      shared.remember(url, new SerialisedJson({ n: 1 }, 900, 1_500)); // stale, but may still go out
      expect(shared.size).toBe(1);
      expect(shared.lookup(url)).toBeUndefined(); // lookup names fresh answers only
      shared.remember(url, new SerialisedJson({ n: 2 }, 3_000, 5_000));
      const anyone = fakeExchange(url);
      shared.use(anyone.req, anyone.res, anyone.next);
      expect(anyone.sent.body).toBe(JSON.stringify({ n: 2 }));
    });
  });
});

describe('SharedAnswers front door (ahead of the pipeline, on a real HTTP server)', () => {
  const url = '/api/getProducts?limit=2';
  /** The headers a routed answer goes out with besides its own (what helmet and CORS set). */
  const pipelineHeaders: [string, string][] = [
    ['Content-Security-Policy', "default-src 'self'"],
    ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Vary', 'Origin'],
    ['Access-Control-Allow-Credentials', 'true'],
  ];

  async function setUp() {
    const shared = new ClockedAnswers();
    const routed: http.IncomingHttpHeaders[] = [];
    const state = { answer: new SerialisedJson({ n: 'first' }, 3_000, 5_000) };
    // a stand-in for the pipeline and the routed call: its headers, then the answer the shaper remembers
    const server = http.createServer((req, res) => {
      routed.push(req.headers);
      for (const [k, v] of pipelineHeaders) res.setHeader(k, v);
      res.setHeader('X-Request-Id', String(req.headers['x-request-id'] ?? 'routed'));
      if (req.headers['x-time-zone'] === 'Not/A_Zone') {
        res.writeHead(400).end('{"message":"X-Time-Zone must be an IANA time zone name"}');
        return;
      }
      shared.remember(req.url!, state.answer, { req, res, route: '/api/getProducts' });
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('ETag', state.answer.etag);
      res.setHeader('Content-Length', state.answer.byteLength);
      res.end(state.answer.bytes);
    });
    const registry = new Registry();
    const httpDuration = new Histogram({
      name: 'test_http_duration_seconds',
      help: 'test',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const lines: FrontDoorRequestLine[] = [];
    shared.openFrontDoor(server, {
      metrics: { registry, httpDuration } as unknown as Metrics,
      requestLine: (l) => lines.push(l),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const get = (headers: Record<string, string> = {}, path = url) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (body += c));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
          })
          .on('error', reject);
      });
    const counted = async (status: string) => {
      const text = await registry.getSingleMetricAsString('test_http_duration_seconds');
      const line = text
        .split('\n')
        .find(
          (l) =>
            l.startsWith('test_http_duration_seconds_count{') &&
            l.includes('route="/api/getProducts"') &&
            l.includes(`status="${status}"`),
        );
      return line ? Number(line.split(' ').pop()) : 0;
    };
    const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    return { shared, routed, state, get, lines, counted, close, registry };
  }

  const withoutOwn = (h: http.IncomingHttpHeaders) => {
    const { date: _date, 'x-request-id': _id, connection: _c, 'keep-alive': _k, ...rest } = h;
    return rest;
  };

  it('answers a remembered URL with the headers the routed answer went out with, its own request id, metrics and request line', async () => {
    const t = await setUp();
    try {
      const first = await t.get({ 'x-request-id': 'first-1' });
      expect(t.routed).toHaveLength(1);
      const again = await t.get({ 'x-request-id': 'again-1' });
      expect(t.routed).toHaveLength(1); // answered at the front door
      expect(again.status).toBe(200);
      expect(again.body).toBe(first.body);
      expect(withoutOwn(again.headers)).toEqual(withoutOwn(first.headers));
      expect(again.headers['content-security-policy']).toBe("default-src 'self'");
      expect(again.headers['x-request-id']).toBe('again-1');
      const generated = await t.get({ 'x-request-id': 'not a sane id!' });
      expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(t.shared.counts.frontDoor).toBe(2);
      expect(await t.counted('200')).toBe(2);
      expect(t.lines.map((l) => [l.reqId, l.method, l.route, l.status])).toEqual([
        ['again-1', 'GET', '/api/getProducts', 200],
        [generated.headers['x-request-id'], 'GET', '/api/getProducts', 200],
      ]);
      expect(await t.registry.getSingleMetricAsString('sparkhouse_shared_answers_total')).toContain(
        'sparkhouse_shared_answers_total{answered="front-door"} 2',
      );

      const conditional = await t.get({ 'if-none-match': String(first.headers.etag) });
      expect(conditional).toMatchObject({ status: 304, body: '' });
      expect(conditional.headers.etag).toBe(first.headers.etag);
      expect(conditional.headers['content-security-policy']).toBe("default-src 'self'");
      expect(await t.counted('304')).toBe(1);
      const noCache = await t.get({ 'if-none-match': String(first.headers.etag), 'cache-control': 'no-cache' });
      expect(noCache.status).toBe(200);
      expect(t.routed).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('leaves to the pipeline every caller with something of their own, a CORS request and a time zone that is none', async () => {
    const t = await setUp();
    try {
      await t.get();
      const own: Record<string, string>[] = [
        { authorization: 'Bearer x' },
        { 'x-non-auth-user-id': 'anon_abcdefgh' },
        { 'x-consistency-token': '1.2' },
        { origin: 'http://localhost:5173' },
        { 'x-time-zone': 'Not/A_Zone' },
      ];
      for (const headers of own) await t.get(headers);
      expect(t.routed).toHaveLength(1 + own.length);
      expect((await t.get({ 'x-time-zone': 'Europe/Paris' })).status).toBe(200);
      expect(t.routed).toHaveLength(1 + own.length);
      expect(t.shared.counts.frontDoor).toBe(1);
      // another URL, a HEAD: never remembered, so routed
      await t.get({}, '/api/getProducts?limit=3');
      expect(t.routed).toHaveLength(2 + own.length);
    } finally {
      await t.close();
    }
  });

  it('routes one request to refresh a stale URL, answers the stale bytes meanwhile and the renewal once handed over', async () => {
    const t = await setUp();
    try {
      const old = t.state.answer;
      await t.get();
      t.shared.at = 3_500; // past sharedUntil (3 000), before staleUntil (5 000)
      const refresher = await t.get(); // routed; the stand-in answers the stale copy again
      expect(t.routed).toHaveLength(2);
      expect(refresher.body).toBe(old.body);
      const stale = await t.get();
      expect(t.routed).toHaveLength(2);
      expect(stale.body).toBe(old.body);
      const fresh = new SerialisedJson({ n: 'renewed' }, 6_000, 8_000);
      old.renewedBy(fresh);
      const renewed = await t.get();
      expect(t.routed).toHaveLength(2);
      expect(renewed.body).toBe(fresh.body);
      expect(renewed.headers.etag).toBe(fresh.etag);
      expect(Number(renewed.headers['content-length'])).toBe(fresh.byteLength);
      expect(renewed.headers['content-security-policy']).toBe("default-src 'self'");
      t.shared.at = 8_000; // past the renewal's staleUntil: routed again
      t.state.answer = new SerialisedJson({ n: 'third' }, 10_000, 12_000);
      expect((await t.get()).body).toBe(t.state.answer.body);
      expect(t.routed).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});
