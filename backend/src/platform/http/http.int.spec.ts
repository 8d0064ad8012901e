import jwt from 'jsonwebtoken';
import { generateKeyPairSync } from 'node:crypto';
import { apiCalls } from '@sparkhouse/contracts';
import { AccessTokens } from '../auth/access-tokens';
import { startApi, testConfig, useTestApi } from '../../test-support';

describe('HTTP conventions (real API process)', () => {
  const server = useTestApi({ CORS_ORIGINS: 'https://allowed.example', BODY_LIMIT_BYTES: '2048' });

  const anon = { 'x-non-auth-user-id': 'anon_http_tester_01' };
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.base}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('answers the health check in the legacy style', async () => {
    const res = await fetch(`${server.base}/api/up`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ up: 'yes' });
  });

  it('says which AI the creator studio uses (the local generator by default)', async () => {
    const res = await fetch(`${server.base}/api/ai-info`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      text: { source: 'local', label: 'Local generator (deterministic, no AI model)' },
      images: { source: 'drawn', label: 'Drawn on this server' },
    });
  });

  it('reports readiness of PostgreSQL and Redis', async () => {
    const res = await fetch(`${server.base}/api/health/ready`);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.checks.database.status).toBe('up');
    expect(body.checks.redis.status).toBe('up');
  });

  it("mounts no middleware as routes: an API request walks the middlewares, then only the controllers' routes", () => {
    const router = (server.app.getHttpAdapter().getInstance() as { router: { stack: Array<{ route?: { stack: unknown[] } }> } })
      .router;
    const routes = router.stack.filter((layer) => layer.route);
    expect(routes.length).toBeGreaterThan(0);
    // Nest mounts a middleware as routes with one handler per HTTP method
    expect(routes.filter((layer) => layer.route!.stack.length > 1)).toEqual([]);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await fetch(`${server.base}/api/no/such/route`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'No such API route.' });
  });

  it('answers malformed JSON with a JSON 400 and a body over the limit with a JSON 413', async () => {
    const bad = await post('/operations/pipeline-checks', '{"steps":', anon);
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('MALFORMED_JSON');
    const huge = await post('/operations/pipeline-checks', JSON.stringify({ pad: 'x'.repeat(5000) }), anon);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large.' });
  });

  it('validates input from the contract with clear messages, in the call style, and changes nothing', async () => {
    const res = await post('/operations/pipeline-checks', JSON.stringify({ steps: 50, stepDelayMs: 'soon' }), anon);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'error', code: 'VALIDATION_FAILED' });
    expect(body.details).toEqual([
      { path: 'body.steps', message: 'steps must be at most 10' },
      { path: 'body.stepDelayMs', message: 'stepDelayMs must be a number' },
    ]);
    expect(body.error).toBe('steps must be at most 10 (and 1 more)');
    const runs = await (await fetch(`${server.base}/api/jobs`, { headers: anon })).json();
    expect(runs.response.runs).toEqual([]);

    const query = await fetch(`${server.base}/api/jobs?limit=abc`, { headers: anon });
    expect(query.status).toBe(400);
    expect((await query.json()).error).toBe('limit must be a number');
    const param = await fetch(`${server.base}/api/jobs/not-a-uuid`, { headers: anon });
    expect(param.status).toBe(400);
    expect((await param.json()).error).toBe('runId must be a job run id');
  });

  it('reads X-Time-Zone and refuses names that are not IANA zones', async () => {
    expect((await fetch(`${server.base}/api/up`, { headers: { 'x-time-zone': 'Europe/Paris' } })).status).toBe(200);
    const res = await fetch(`${server.base}/api/up`, { headers: { 'x-time-zone': 'Mars/Olympus' } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/IANA time zone/);
  });

  it('requires a caller on owner calls and refuses bad credentials', async () => {
    const none = await fetch(`${server.base}/api/jobs`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ status: 'error', code: 'UNAUTHORIZED' });
    const badAnon = await fetch(`${server.base}/api/jobs`, { headers: { 'x-non-auth-user-id': 'visitor-1' } });
    expect(badAnon.status).toBe(401);
    expect((await badAnon.json()).error).toBe("X-Non-Auth-User-Id must look like 'anon_<id>'");

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = jwt.sign({ sub: 'u1' }, privateKey, { algorithm: 'RS256', keyid: 'someone-elses-key' });
    const forgedRes = await fetch(`${server.base}/api/jobs`, { headers: { authorization: `Bearer ${forged}` } });
    expect(forgedRes.status).toBe(401);

    const tokens = server.app.get(AccessTokens);
    const good = await tokens.sign({ sub: 'user-1' });
    const [h, , s] = good.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ sub: 'admin', 'cognito:groups': ['admin'] })).toString('base64url')}.${s}`;
    expect((await fetch(`${server.base}/api/jobs`, { headers: { authorization: `Bearer ${tampered}` } })).status).toBe(401);
    const expired = await tokens.sign({ sub: 'user-1' }, -10);
    const expiredRes = await fetch(`${server.base}/api/jobs`, { headers: { authorization: `Bearer ${expired}` } });
    expect(expiredRes.status).toBe(401);
    expect((await expiredRes.json()).error).toBe('Access Token has expired');

    const ok = await fetch(`${server.base}/api/jobs`, { headers: { authorization: `Bearer ${good}` } });
    expect(ok.status).toBe(200);
  });

  it('sends security headers, a request id, and CORS only for configured origins', async () => {
    const res = await fetch(`${server.base}/api/up`, {
      headers: { origin: 'https://allowed.example', 'x-request-id': 'trace-123' },
    });
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBe('https://allowed.example');
    const other = await fetch(`${server.base}/api/up`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves an OpenAPI document generated from every declared call', async () => {
    const doc = await (await fetch(`${server.base}/api/docs/openapi.json`)).json();
    const operations = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    );
    expect(operations.sort()).toEqual(apiCalls.map((c) => c.id).sort());
    expect(doc.paths['/api/jobs/{runId}'].get.parameters[0]).toMatchObject({ name: 'runId', in: 'path', required: true });
    const ui = await fetch(`${server.base}/api/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('<script src="/api/docs/init.js">');
    // the page's own script (no inline script: the security headers forbid it) loads this document
    expect(await (await fetch(`${server.base}/api/docs/init.js`)).text()).toContain("url: '/api/docs/openapi.json'");
    const bundle = await fetch(`${server.base}/api/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    await bundle.arrayBuffer();
    // only the files the page loads: nothing else of the package
    expect((await fetch(`${server.base}/api/docs/package.json`)).status).toBe(404);
  });

  it('reads a run back right after starting it, before the projection has caught up', async () => {
    const paused = await startApi(testConfig(server.databaseUrl, { RUN_PROJECTIONS: 'false' }));
    try {
      const started = await fetch(`${paused.baseUrl}/api/operations/pipeline-checks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...anon },
        body: JSON.stringify({ steps: 2 }),
      });
      // a command's answer carries no ETag (no conditional request could use it); a read's does
      expect(started.headers.get('etag')).toBeNull();
      const { runId } = (await started.json()).response;
      const res = await fetch(`${paused.baseUrl}/api/jobs/${runId}`, { headers: anon });
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toMatch(/^W\/"/);
      expect((await res.json()).response).toMatchObject({ runId, status: 'queued', ownerId: 'anon_http_tester_01', percent: 0 });
      const other = await fetch(`${paused.baseUrl}/api/jobs/${runId}`, {
        headers: { 'x-non-auth-user-id': 'anon_someone_else_1' },
      });
      expect(other.status).toBe(404);
    } finally {
      await paused.app.close();
    }
  });

  it('records analytics batches and refuses malformed ones', async () => {
    const ok = await post(
      '/data',
      JSON.stringify({
        api_key: 'sparkhouse-web',
        events: [{ event_type: 'page_view', time: Date.now(), event_properties: { path: '/browse' } }],
      }),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ code: 200, events_ingested: 1 });
    const bad = await post('/data', JSON.stringify({ api_key: 'sparkhouse-web', events: [] }));
    expect(bad.status).toBe(400);
  });
});
