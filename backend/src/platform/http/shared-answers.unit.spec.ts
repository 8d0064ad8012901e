import type { NextFunction, Request, Response } from 'express';
import { SerialisedJson, weakEtag } from './serialised-json';
import { SharedAnswers } from './shared-answers';

class ClockedAnswers extends SharedAnswers {
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
  const res = {
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
  return { req, res, next, sent };
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
});
