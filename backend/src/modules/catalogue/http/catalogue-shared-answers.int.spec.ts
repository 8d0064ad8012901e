import http from 'node:http';
import { SharedAnswers } from '../../../platform/http/shared-answers';
import { Metrics } from '../../../platform/metrics/metrics';
import { productBody, publish, useCatalogueApi } from '../../../test-support/catalogue-api';

/** A GET with exactly these headers (fetch adds Cache-Control: no-cache, which disables 304s). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

/** A response's headers less the ones of its own exchange (its date, request id and connection). */
const withoutOwn = (h: http.IncomingHttpHeaders) => {
  const { date: _date, 'x-request-id': _id, connection: _c, 'keep-alive': _k, ...rest } = h;
  return rest;
};

describe('catalogue listings answered again by URL (listing cache on, real API process)', () => {
  const api = useCatalogueApi({ CATALOGUE_LIST_CACHE_MS: '60000' });
  let base: string;
  let shared: SharedAnswers;

  beforeAll(async () => {
    await publish(api, { title: 'Shared Answers Piano', topics: ['piano'], genres: ['jazz'] });
    await publish(api, { title: 'Shared Answers Guitar', topics: ['guitar'], genres: ['blues'] });
    base = `${await api.app.getUrl()}/api`;
    shared = api.app.get(SharedAnswers);
  });

  it('sends the same bytes, ETag and security headers again, with a request id of its own, and 304 to If-None-Match', async () => {
    const stableUrl = `${base}/getProducts?topics=guitar,piano&limit=5`;
    const routed = await rawGet(stableUrl, { 'x-request-id': 'shared-1' });
    expect(routed.status).toBe(200);
    expect(
      JSON.parse(routed.body)
        .products.map((p: { title: string }) => p.title)
        .sort(),
    ).toEqual(['Shared Answers Guitar', 'Shared Answers Piano']);
    expect(shared.lookup('/api/getProducts?topics=guitar,piano&limit=5')).toBeDefined();
    const again = await rawGet(stableUrl, { 'x-request-id': 'shared-2' });
    expect(again.status).toBe(200);
    expect(again.body).toBe(routed.body);
    expect(again.headers.etag).toBe(routed.headers.etag);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(again.headers['content-length'])).toBe(Buffer.byteLength(again.body));
    expect(again.headers['x-request-id']).toBe('shared-2');
    expect(routed.headers['x-request-id']).toBe('shared-1');
    for (const h of ['content-security-policy', 'x-content-type-options', 'strict-transport-security', 'x-frame-options']) {
      expect(again.headers[h]).toBe(routed.headers[h]);
      expect(again.headers[h]).toBeTruthy();
    }

    const notModified = await rawGet(stableUrl, { 'if-none-match': String(again.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('never remembers a refused request, and still checks X-Time-Zone on a remembered URL', async () => {
    const before = shared.size;
    const bad = await rawGet(`${base}/getProducts?limit=abc`);
    const badAgain = await rawGet(`${base}/getProducts?limit=abc`);
    expect(bad.status).toBe(400);
    expect(badAgain.status).toBe(400);
    expect(badAgain.body).toBe(bad.body);
    expect(shared.size).toBe(before);

    const url = `${base}/getProducts?limit=1`;
    expect((await rawGet(url)).status).toBe(200);
    expect(shared.lookup('/api/getProducts?limit=1')).toBeDefined();
    const wrongZone = await rawGet(url, { 'x-time-zone': 'Not/A_Zone' });
    expect(wrongZone.status).toBe(400);
    expect(JSON.parse(wrongZone.body).message).toMatch(/X-Time-Zone/);
  });

  it("shows a caller's own new product at once, while callers without writes keep getting the kept page", async () => {
    const titles = (body: unknown) =>
      (JSON.parse(String(body)) as { products: { title: string }[] }).products.map((p) => p.title).sort();
    await publish(api, { title: 'Own Writes First', topics: ['ownwrites'] });
    const path = '/getProducts?topics=ownwrites';
    expect(titles((await rawGet(`${base}${path}`)).body)).toEqual(['Own Writes First']);
    expect(shared.lookup(`/api${path}`)).toBeDefined();

    // the admin's write is remembered for them (no token sent back): their next read must show it
    const created = await api.admin(
      'POST',
      '/catalogue/admin/products',
      productBody({ title: 'Own Writes Second', topics: ['ownwrites'] }),
    );
    expect(created.status).toBe(201);
    const own = await api.get(path, 'admin-1');
    expect(own.status).toBe(200);
    expect(own.body.products.map((p: { title: string }) => p.title).sort()).toEqual(['Own Writes First', 'Own Writes Second']);

    // everyone else, signed in or not, still gets the page kept for 60 s (the cache really is in the way)
    expect(titles((await rawGet(`${base}${path}`)).body)).toEqual(['Own Writes First']);
    const reader = await api.get(path, 'reader-1');
    expect(reader.body.products.map((p: { title: string }) => p.title)).toEqual(['Own Writes First']);
  });

  it('answers a caller with nothing of their own ahead of Express, with the very headers routed and pipeline answers carry', async () => {
    const path = '/getProducts?topics=piano&limit=3';
    const routed = await rawGet(`${base}${path}`, { 'x-request-id': 'front-1' });
    expect(routed.status).toBe(200);
    const before = { ...shared.counts };
    const durations = async () => {
      const text = await api.app.get(Metrics).registry.getSingleMetricAsString('sparkhouse_http_request_duration_seconds');
      const line = text
        .split('\n')
        .find(
          (l) =>
            l.startsWith('sparkhouse_http_request_duration_seconds_count{') &&
            l.includes('route="/api/getProducts"') &&
            l.includes('status="200"'),
        );
      return line ? Number(line.split(' ').pop()) : 0;
    };
    const counted = await durations();

    const front = await rawGet(`${base}${path}`, { 'x-request-id': 'front-2', 'x-time-zone': 'Europe/Paris' });
    expect(shared.counts.frontDoor).toBe(before.frontDoor + 1);
    expect(await durations()).toBe(counted + 1);
    // a visitor with an anonymous id (and no writes): answered by the pipeline, after the request context
    const piped = await rawGet(`${base}${path}`, { 'x-request-id': 'front-3', 'x-non-auth-user-id': 'anon_frontdoor1' });
    expect(shared.counts.pipeline).toBe(before.pipeline + 1);
    expect(shared.counts.frontDoor).toBe(before.frontDoor + 1);
    for (const answer of [front, piped]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(routed.body);
      expect(withoutOwn(answer.headers)).toEqual(withoutOwn(routed.headers));
    }
    expect(front.headers['x-request-id']).toBe('front-2');
    expect(piped.headers['x-request-id']).toBe('front-3');
    expect(front.headers['content-security-policy']).toBeTruthy();
    expect(front.headers['access-control-expose-headers']).toBe(routed.headers['access-control-expose-headers']);

    // a CORS request gets its origin's headers from the pipeline; a read with a consistency token waits there too
    const cors = await rawGet(`${base}${path}`, { origin: 'http://localhost:5173' });
    expect(cors.status).toBe(200);
    expect(cors.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    // (the token of a write the read models applied long ago: nothing to wait for, but never the front door's)
    const withToken = await rawGet(`${base}${path}`, { 'x-consistency-token': '1.1' });
    expect(withToken.status).toBe(200);
    expect(withToken.body).toBe(routed.body);
    expect(shared.counts.frontDoor).toBe(before.frontDoor + 1);
  });
});
