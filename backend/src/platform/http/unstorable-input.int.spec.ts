import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import { AccessTokens } from '../auth/access-tokens';
import { createTestDatabase, eventually, startApi, testConfig } from '../../test-support';

/**
 * Input PostgreSQL cannot store (a NUL character, bytes that are not UTF-8, a lone surrogate) is
 * refused for every call where input is validated: a clear 400 naming the field, and nothing stored.
 */
describe('text PostgreSQL cannot store, anywhere in a request (real API process)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: NestExpressApplication;
  let base: string;
  let pg: Client;
  let bearer: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ app, baseUrl: base } = await startApi(testConfig(db.url)));
    pg = new Client({ connectionString: db.url });
    await pg.connect();
    bearer = `Bearer ${await app.get(AccessTokens).sign({ sub: 'text-user-1', email: 'text-user-1@example.com' })}`;
  });
  afterAll(async () => {
    await pg?.end();
    await app?.close();
    await db?.drop();
  });

  const anon = { 'x-non-auth-user-id': 'anon_text_tester_01' };
  const send = async (method: string, path: string, body?: string | Buffer, headers: Record<string, string> = anon) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  // every state change appends events carrying the request id as their correlation id
  const eventsOf = async (requestId: string) =>
    Number(
      (await pg.query(`select count(*) from domain_event where metadata->>'correlationId' = $1`, [requestId])).rows[0].count,
    );

  it.each([
    ['a NUL in a query parameter', '/getProduct?id=%00', 'id must not contain the NUL character (\\u0000)'],
    ['a NUL and a byte that is not UTF-8', '/getProducts?lastProductId=%00%ff', 'lastProductId must be valid UTF-8 text'],
    ['a byte that is not UTF-8', '/getProducts?search=piano%ff', 'search must be valid UTF-8 text'],
    ['an encoded lone surrogate', '/getProducts?search=%ed%a0%80', 'search must be valid UTF-8 text'],
    ['a NUL in a path parameter', '/getSchoolWithSlug?slug=mu%00sic', 'slug must not contain the NUL character (\\u0000)'],
  ])('answers 400 for %s in the URL', async (_, path, message) => {
    const res = await send('GET', path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('answers 400 in the envelope style for a NUL in a path segment', async () => {
    const res = await send('GET', '/apps/getAppBySlug/%00/x');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 'error',
      error: 'storefrontSlug must not contain the NUL character (\\u0000)',
      details: [{ path: 'params.storefrontSlug', message: 'storefrontSlug must not contain the NUL character (\\u0000)' }],
    });
  });

  it('refuses a NUL, a lone surrogate or bytes that are not UTF-8 in a body, and stores nothing', async () => {
    const nul = await send('POST', '/collectEmail', JSON.stringify({ email: 'a\u0000b@example.com' }), {
      ...anon,
      'x-request-id': 'text-nul-1',
    });
    expect(nul).toMatchObject({ status: 400, body: { message: 'email must not contain the NUL character (\\u0000)' } });
    const surrogate = await send('POST', '/collectEmail', '{"email":"a\\ud800b@example.com"}');
    expect(surrogate).toMatchObject({
      status: 400,
      body: { message: 'email must be valid Unicode text (it has an unpaired surrogate)' },
    });
    const bytes = await send(
      'POST',
      '/collectEmail',
      Buffer.concat([Buffer.from('{"email":"a'), Buffer.from([0xff]), Buffer.from('@b.co"}')]),
    );
    expect(bytes).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'Request body is not valid UTF-8.' },
    });
    expect(await eventsOf('text-nul-1')).toBe(0);
    expect((await pg.query('select count(*) from email_lead')).rows[0].count).toBe('0');
    // the same call with good input is stored: the refusal was the input's, not the call's
    await send('POST', '/collectEmail', JSON.stringify({ email: 'ab@example.com' }), { ...anon, 'x-request-id': 'text-ok-1' });
    expect(await eventsOf('text-ok-1')).toBeGreaterThan(0);
  });

  it('refuses them for a signed-in caller too, and the cart stays as it was', async () => {
    const me = { authorization: bearer };
    const saved = await send('POST', '/updateCart', JSON.stringify({ product_ids: [], offer_valid: true }), me);
    expect(saved.status).toBe(200);
    // the saved cart, once the read model has it (the relay may lag on a busy machine)
    const cartBefore = await eventually(async () => {
      const cart = await send('GET', '/getCart', undefined, me);
      return (cart.body.cart as { lastUpdated: string | null }).lastUpdated ? cart : null;
    });
    const bad = await send('POST', '/updateCart', JSON.stringify({ product_ids: ['p-1', 'p\u00002'], offer_valid: false }), {
      ...me,
      'x-request-id': 'text-cart-1',
    });
    expect(bad).toMatchObject({ status: 400, body: { message: 'product_ids.1 must not contain the NUL character (\\u0000)' } });
    expect(await eventsOf('text-cart-1')).toBe(0);
    expect(await send('GET', '/getCart', undefined, me)).toEqual(cartBefore);
  });

  it('refuses a NUL in the identity protocol with its own error shape', async () => {
    const res = await fetch(`${base}/api/identity/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
      },
      body: JSON.stringify({ ClientId: 'sparkhouse-web', Username: 'x\u0000@example.com', Password: 'long enough 1' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      __type: 'InvalidParameterException',
      message: 'Username must not contain the NUL character (\\u0000)',
    });
    const bytes = await fetch(`${base}/api/identity/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
      },
      body: Buffer.from([0x7b, 0x22, 0xc3, 0x22, 0x3a, 0x31, 0x7d]),
    });
    expect(bytes.status).toBe(400);
    expect(await bytes.json()).toEqual({ __type: 'SerializationException', message: 'Request body is not valid UTF-8.' });
  });
});
