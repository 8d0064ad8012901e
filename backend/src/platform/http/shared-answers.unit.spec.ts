import type { NextFunction, Request, Response } from 'express';
import type { Principal } from '../auth/principal';
import { CallerWrites } from '../consistency/caller-writes';
import { requestContext, type RequestContext } from '../context/request-context';
import { SerialisedJson, weakEtag } from './serialised-json';
import { REFRESH_RETRY_MS, SharedAnswers } from './shared-answers';

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
