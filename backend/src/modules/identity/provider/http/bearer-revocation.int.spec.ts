import type { NestExpressApplication } from '@nestjs/platform-express';
import { createTestDatabase, startApi, testConfig } from '../../../../test-support';
import { signIn, signUpConfirmed } from '../test/identity-flows';
import { rawCall } from '../test/identity-test-kit';

/**
 * A signed-out session's access tokens stop working on every API call, not only on the protocol, and on
 * every API node at once: the revocation is pushed, not left for a cache to expire.
 */
describe('signed-out sessions on ordinary API calls (two API nodes)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const nodes: { app: NestExpressApplication; baseUrl: string }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig(db.url);
    for (let i = 0; i < 2; i++) nodes.push(await startApi(config));
  });
  afterAll(async () => {
    for (const n of nodes) await n.app.close().catch(() => undefined);
    await db?.drop();
  });

  it('refuses the access token of a globally signed-out session at once, on the node that signed out and on the other', async () => {
    const [a, b] = nodes.map((n) => n.baseUrl);
    await signUpConfirmed(a, 'leaver@example.com', 'correct horse battery');
    const tokens = await signIn(a, 'leaver@example.com', 'correct horse battery');
    const other = await signIn(b, 'leaver@example.com', 'correct horse battery');
    const call = (base: string, token: string) => fetch(`${base}/api/jobs`, { headers: { authorization: `Bearer ${token}` } });
    // both nodes have seen both sessions live (and may remember it)
    for (const base of [a, b]) {
      expect((await call(base, tokens.AccessToken)).status).toBe(200);
      expect((await call(base, other.AccessToken)).status).toBe(200);
    }

    expect((await rawCall(a, 'GlobalSignOut', { AccessToken: tokens.AccessToken })).status).toBe(200);
    // no waiting: the very next call is refused wherever it lands
    const onOther = await call(b, tokens.AccessToken);
    expect(onOther.status).toBe(401);
    expect((await onOther.json()).error).toBe('Access Token has been revoked');
    expect((await call(a, tokens.AccessToken)).status).toBe(401);
    // global sign-out ends every session of the user
    expect((await call(b, other.AccessToken)).status).toBe(401);
    expect((await call(a, other.AccessToken)).status).toBe(401);
  });
});
