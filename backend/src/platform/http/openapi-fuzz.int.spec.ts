import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import { repoRoot } from '../config/config';
import { AccessTokens } from '../auth/access-tokens';
import { createTestDatabase, startApi, testConfig } from '../../test-support';

/**
 * Property-based fuzzing of every operation of the served OpenAPI document, as an anonymous visitor,
 * a signed-in user and an admin: whatever the params, query and body (values guided by the schemas,
 * hostile text — NUL, lone surrogates, bytes that are not UTF-8, huge and odd strings — random JSON,
 * broken bodies), the API never answers 5xx, and a refused call (4xx) appends no event: nothing
 * changed. Bounded to a fixed number of calls per operation, so it runs in CI in well under two minutes.
 * The figures (calls, status histogram) are written to .data/fuzz-report.json.
 */
const RUNS_PER_OPERATION_AND_CALLER = 6;
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  format?: string;
};
interface Operation {
  method: string;
  path: string;
  id: string;
  parameters: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }[];
  body: JsonSchema | null;
}
interface FuzzRequest {
  url: string;
  body: string | Uint8Array | undefined;
  contentType: string | undefined;
}

/** Percent-encodes bytes as they are: a URL part may carry bytes that are not UTF-8 on purpose. */
const unreserved = /[A-Za-z0-9._~-]/;
const encodeBytes = (bytes: Uint8Array) =>
  [...bytes]
    .map((b) =>
      b < 0x80 && unreserved.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');
const encodeText = (text: string) => encodeBytes(Buffer.from(text, 'utf8'));

/** Ordinary text with a character PostgreSQL cannot store somewhere inside. */
const poisonedText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00'), fc.string({ maxLength: 8 }))
  .map(([before, bad, after]) => `${before}${bad}${after}`);

const hostileText = fc.oneof(
  { weight: 2, arbitrary: poisonedText },
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '\ufffd',
    '',
    ' ',
    '   padded   ',
    '../../etc/passwd',
    "'; drop table domain_event; --",
    '<script>alert(1)</script>',
    '\u202e\u0301',
    '🎹🎻',
    'null',
    'undefined',
    '-1',
    '0',
    '1e309',
    'NaN',
    '9'.repeat(40),
    '{}',
    '[]',
    'anon_',
    'x'.repeat(5000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** A value for a schema: mostly what it asks for (to get past the first check), often hostile. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const hostile = fc.oneof(hostileText, fc.jsonValue({ maxDepth: 2 }), fc.constant(null));
  if (!schema || depth > 4) return hostile;
  const variants = schema.anyOf ?? schema.oneOf;
  let fitting: fc.Arbitrary<unknown>;
  if (variants?.length) fitting = fc.oneof(...variants.map((v) => valueFor(v, depth + 1)));
  else if (schema.enum?.length) fitting = fc.constantFrom(...schema.enum);
  else if (schema.type === 'integer') {
    fitting = fc.integer({ min: Math.max(schema.minimum ?? -1e6, -1e9), max: Math.min(schema.maximum ?? 1e6, 1e9) });
  } else if (schema.type === 'number') fitting = fc.double({ noNaN: true, min: -1e9, max: 1e9 });
  else if (schema.type === 'boolean') fitting = fc.boolean();
  else if (schema.type === 'array') fitting = fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 });
  else if (schema.type === 'object' || schema.properties) {
    const props = Object.entries(schema.properties ?? {});
    fitting = fc.record(Object.fromEntries(props.map(([k, v]) => [k, valueFor(v, depth + 1)])), {
      requiredKeys: (schema.required ?? []).filter((k) => props.some(([name]) => name === k)),
    });
  } else if (schema.format === 'email') fitting = fc.oneof(fc.emailAddress(), hostileText);
  else fitting = fc.oneof(fc.string({ minLength: 1, maxLength: 24 }), hostileText);
  return fc.oneof({ weight: 2, arbitrary: fitting }, { weight: 1, arbitrary: hostile });
}

/** A URL part: text as UTF-8, or bytes that may not be UTF-8 at all. */
const urlPart = (schema: JsonSchema | undefined) =>
  fc.oneof(
    { weight: 4, arbitrary: valueFor(schema).map((v) => encodeText(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))) },
    { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 6 }).map(encodeBytes) },
  );

function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(...pathParams.map((p) => urlPart(p.schema).filter((s) => s.length > 0)));
  const queryArb = fc.tuple(
    ...queryParams.map((p) => (p.required ? urlPart(p.schema) : fc.option(urlPart(p.schema), { nil: undefined }))),
    fc.option(fc.tuple(urlPart(undefined), urlPart(undefined)), { nil: undefined }),
  );
  const bodyArb: fc.Arbitrary<Pick<FuzzRequest, 'body' | 'contentType'>> = op.body
    ? fc.oneof(
        {
          weight: 6,
          arbitrary: valueFor(op.body).map((v) => ({ body: JSON.stringify(v) ?? 'null', contentType: 'application/json' })),
        },
        { weight: 1, arbitrary: fc.jsonValue().map((v) => ({ body: JSON.stringify(v), contentType: 'application/json' })) },
        { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((b) => ({ body: b, contentType: 'application/json' })) },
        { weight: 1, arbitrary: fc.string().map((s) => ({ body: s, contentType: 'text/plain' })) },
        { weight: 1, arbitrary: fc.constant({ body: undefined, contentType: undefined }) },
      )
    : fc.constant({ body: undefined, contentType: undefined });
  return fc.tuple(pathArb, queryArb, bodyArb).map(([pathValues, queryValues, body]) => {
    let i = 0;
    const pathname = op.path.replace(/\{[^}]+\}/g, () => pathValues[i++]);
    const extra = queryValues[queryValues.length - 1] as [string, string] | undefined;
    const pairs = queryParams
      .map((p, j) => [encodeText(p.name), queryValues[j]] as const)
      .filter((pair): pair is readonly [string, string] => pair[1] !== undefined);
    if (extra) pairs.push(extra);
    const search = pairs.map(([k, v]) => `${k}=${v}`).join('&');
    return { url: `${pathname}${search ? `?${search}` : ''}`, ...body };
  });
}

describe('fuzzing every operation of the OpenAPI document (real API process)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: NestExpressApplication;
  let base: string;
  let pg: Client;
  const callers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ app, baseUrl: base } = await startApi(
      // calls that wait for a worker (none runs here) give up quickly; nothing else changes
      testConfig(db.url, { CREATOR_QUICK_JOB_TIMEOUT_MS: '300' }),
    ));
    pg = new Client({ connectionString: db.url });
    await pg.connect();
    const tokens = app.get(AccessTokens);
    callers.anonymous = { 'x-non-auth-user-id': 'anon_fuzz_visitor_0001' };
    callers.user = { authorization: `Bearer ${await tokens.sign({ sub: 'fuzz-user-1', email: 'fuzz-user-1@example.com' })}` };
    callers.admin = {
      authorization: `Bearer ${await tokens.sign({ sub: 'fuzz-admin-1', email: 'fuzz-admin-1@example.com', 'cognito:groups': ['admin'] })}`,
    };
  });
  afterAll(async () => {
    await pg?.end();
    await app?.close();
    await db?.drop();
  });

  it('never answers 5xx, and a refused call changes nothing, whatever the input and the caller', async () => {
    const doc = (await (await fetch(`${base}/api/docs/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            operationId: string;
            parameters?: Operation['parameters'];
            requestBody?: { content: Record<string, { schema: JsonSchema }> };
          }
        >
      >;
    };
    const operations: Operation[] = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([method, o]) => ({
        method: method.toUpperCase(),
        path: p,
        id: o.operationId,
        parameters: o.parameters ?? [],
        body: o.requestBody?.content['application/json']?.schema ?? null,
      })),
    );
    expect(operations.length).toBeGreaterThan(90);

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const refused: string[] = [];
    let calls = 0;
    const started = Date.now();
    for (const [n, op] of operations.entries()) {
      for (const [c, [who, headers]] of Object.entries(callers).entries()) {
        await fc
          .assert(
            fc.asyncProperty(requestFor(op), async (req) => {
              const requestId = `fuzz-${randomUUID()}`;
              const res = await fetch(`${base}${req.url}`, {
                method: op.method,
                headers: {
                  ...headers,
                  'x-request-id': requestId,
                  'x-time-zone': 'Europe/Paris',
                  ...(req.contentType ? { 'content-type': req.contentType } : {}),
                },
                body: req.body,
              });
              await res.arrayBuffer();
              calls += 1;
              statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
              if (res.status >= 400 && res.status < 500) refused.push(requestId);
              if (res.status >= 500) {
                failures.push(`${op.method} ${req.url.slice(0, 300)} as ${who} -> ${res.status}`);
                return false;
              }
              return true;
            }),
            { numRuns: RUNS_PER_OPERATION_AND_CALLER, seed: SEED + n * 3 + c, endOnFailure: true },
          )
          .catch(() => undefined);
      }
    }
    const seconds = (Date.now() - started) / 1000;

    // every state change appends events in its transaction, correlated with the request that asked
    const changed = await pg.query(
      `select metadata->>'correlationId' as id, type from domain_event where metadata->>'correlationId' = any($1::text[])`,
      [refused],
    );
    const histogram = Object.fromEntries([...statuses.entries()].sort(([a], [b]) => a - b));
    const report = { operations: operations.length, callers: Object.keys(callers), calls, seconds, histogram, seed: SEED };
    fs.mkdirSync(path.join(repoRoot, '.data'), { recursive: true });
    fs.writeFileSync(path.join(repoRoot, '.data/fuzz-report.json'), JSON.stringify(report, null, 2));

    expect(failures).toEqual([]);
    expect(changed.rows).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(operations.length * 3 * RUNS_PER_OPERATION_AND_CALLER);
  }, 120_000);
});
