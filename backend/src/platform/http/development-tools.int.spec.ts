import { createHmac } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createTestDatabase, startApi, testConfig } from '../../test-support';

/**
 * The development stand-ins answering over HTTP (the Stripe emulator's API and hosted page, the
 * stand-in Google/Apple provider, the mail outbox reader) are never mounted in production, and the
 * emulator never when a real Stripe key is set: they answer exactly like a route that does not exist.
 */
describe('development tools are never mounted where they must not be (real API process)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  async function withApi(overrides: Record<string, string>, check: (base: string) => Promise<void>) {
    let app: NestExpressApplication | undefined;
    try {
      const started = await startApi(testConfig(db.url, overrides));
      app = started.app;
      await check(started.baseUrl);
    } finally {
      await app?.close();
    }
  }

  const testKey = { authorization: 'Bearer sk_test_anything' };
  const emulatorRoutes: [string, string][] = [
    ['GET', '/api/stripe-emulator/v1/customers'],
    ['GET', '/api/stripe-emulator/v1/events'],
    ['POST', '/api/stripe-emulator/v1/refunds'],
    ['GET', '/api/stripe-emulator/checkout/cs_test_1'],
  ];
  const standInRoutes: [string, string][] = [
    ['GET', '/api/identity/stand-in/google/.well-known/openid-configuration'],
    ['GET', '/api/identity/stand-in/apple/authorize?client_id=sparkhouse-web'],
    ['POST', '/api/identity/stand-in/google/token'],
    ['GET', '/api/identity/stand-in/google/jwks'],
  ];
  const outboxRoutes: [string, string][] = [['GET', '/api/dev/outbox?to=someone%40example.com']];
  // a Stripe-Signature header, as Stripe (and the emulator) sign webhooks
  const signPayload = (payload: string, secret: string, t = Math.floor(Date.now() / 1000)) =>
    `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
  const notMounted = { statusCode: 404, code: 'NOT_FOUND', message: 'No such API route.' };

  const answer = async (base: string, method: string, path: string) => {
    const res = await fetch(`${base}${path}`, { method, headers: testKey, redirect: 'manual' });
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) as unknown };
    } catch {
      return { status: res.status, body: text };
    }
  };

  it('outside production (the default on a developer machine) they answer', async () => {
    await withApi({}, async (base) => {
      for (const [method, path] of [...emulatorRoutes.slice(0, 1), ...standInRoutes.slice(0, 1), ...outboxRoutes]) {
        expect({ path, status: (await answer(base, method, path)).status }).toEqual({ path, status: 200 });
      }
    });
  });

  it('in production none is mounted; payments are off, webhooks signed with the public local secret are refused', async () => {
    await withApi({ NODE_ENV: 'production' }, async (base) => {
      for (const [method, path] of [...emulatorRoutes, ...standInRoutes, ...outboxRoutes]) {
        expect({ path, ...(await answer(base, method, path)) }).toEqual({ path, status: 404, body: notMounted });
      }
      const options = await fetch(`${base}/api/payments/creator-platform/payment-options`);
      expect(options.status).toBe(200);
      const payload = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: {} } });
      const forged = await fetch(`${base}/api/payments/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signPayload(payload, 'whsec_sparkhouse_local_emulator'),
        },
        body: payload,
      });
      expect(forged.status).toBe(400);
      const google = await fetch(
        `${base}/api/identity/oauth2/authorize?${new URLSearchParams({
          client_id: 'sparkhouse-web',
          redirect_uri: 'http://localhost:3000/auth/callback',
          response_type: 'code',
          scope: 'openid email',
          state: 's1',
          code_challenge: 'a'.repeat(43),
          code_challenge_method: 'S256',
          identity_provider: 'Google',
        })}`,
        { redirect: 'manual' },
      );
      expect(google.status).toBe(400);
      expect(await google.json()).toEqual({
        error: 'invalid_request',
        error_description: 'Sign-in with Google is not available on this server.',
      });
    });
  });

  it('with a real Stripe key the emulator is not mounted (other stand-ins stay outside production)', async () => {
    await withApi({ STRIPE_SECRET_KEY: 'sk_live_real_account', STRIPE_WEBHOOK_SECRET: 'whsec_real' }, async (base) => {
      for (const [method, path] of emulatorRoutes) {
        expect({ path, ...(await answer(base, method, path)) }).toEqual({ path, status: 404, body: notMounted });
      }
      expect((await answer(base, ...outboxRoutes[0])).status).toBe(200);
    });
  });

  it('with real Google and Apple accounts the stand-in provider is not mounted', async () => {
    await withApi({ GOOGLE_CLIENT_ID: 'g-client', APPLE_CLIENT_ID: 'a-client' }, async (base) => {
      for (const [method, path] of standInRoutes) {
        expect({ path, ...(await answer(base, method, path)) }).toEqual({ path, status: 404, body: notMounted });
      }
    });
  });
});
