import type { NestExpressApplication } from '@nestjs/platform-express';
import { createTestDatabase, eventually, startApi, testConfig } from '../../../../test-support';
import { signIn, signUpConfirmed } from '../test/identity-flows';
import { rawCall } from '../test/identity-test-kit';

/** A signed-out session's access tokens stop working on every API call, not only on the protocol. */
describe('signed-out sessions on ordinary API calls', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: NestExpressApplication;
  let base: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ app, baseUrl: base } = await startApi(testConfig(db.url)));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('refuses the access token of a globally signed-out session within seconds', async () => {
    await signUpConfirmed(base, 'leaver@example.com', 'correct horse battery');
    const tokens = await signIn(base, 'leaver@example.com', 'correct horse battery');
    const other = await signIn(base, 'leaver@example.com', 'correct horse battery');
    const call = (token: string) => fetch(`${base}/api/jobs`, { headers: { authorization: `Bearer ${token}` } });
    expect((await call(tokens.AccessToken)).status).toBe(200);

    expect((await rawCall(base, 'GlobalSignOut', { AccessToken: tokens.AccessToken })).status).toBe(200);
    const refused = await eventually(
      async () => {
        const res = await call(tokens.AccessToken);
        return res.status === 401 ? res.json() : null;
      },
      { timeoutMs: 10_000, intervalMs: 250 },
    );
    expect(refused.error).toBe('Access Token has been revoked');
    // global sign-out ends every session of the user
    expect((await call(other.AccessToken)).status).toBe(401);
  });
});
