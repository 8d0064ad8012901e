import { Database } from '../../../platform/database/database';
import { useTestApi } from '../../../test-support';
import { signUpConfirmed } from '../provider/test/identity-flows';
import { sdkClient } from '../provider/test/identity-test-kit';
import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { tokenRequest, walkHostedLogin } from './test/hosted-login-flow';

/** "Continue with Google/Apple" end to end: hosted login, the stand-in provider, the real account store. */
describe('social sign-in through hosted login (full API)', () => {
  const server = useTestApi({ IDENTITY_ADMIN_EMAIL: 'boss@example.com' });
  const redirectUri = 'http://localhost:3000/auth/callback';

  const exchange = async (provider: 'Google' | 'SignInWithApple', email: string, name: string) => {
    const { url, verifier } = await walkHostedLogin(server.base, provider, { email, name, shareEmail: true }, redirectUri);
    const res = await tokenRequest(server.base, {
      grant_type: 'authorization_code',
      code: url.searchParams.get('code')!,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    expect(res.status).toBe(200);
    return res.json();
  };

  it('opens a confirmed account for a new Google identity; its tokens work on the user-pool protocol', async () => {
    const tokens = await exchange('Google', 'Lin.Social@Example.com', 'Lin Social');
    const user = await sdkClient(server.base).send(new GetUserCommand({ AccessToken: tokens.access_token }));
    const attrs = Object.fromEntries(user.UserAttributes!.map((a) => [a.Name, a.Value]));
    expect(attrs).toMatchObject({
      email: 'lin.social@example.com',
      email_verified: 'true',
      given_name: 'Lin',
      family_name: 'Social',
    });

    // the same Google identity signs in to the same account
    const again = await exchange('Google', 'lin.social@example.com', 'Lin Social');
    const second = await sdkClient(server.base).send(new GetUserCommand({ AccessToken: again.access_token }));
    expect(second.Username).toBe(user.Username);
  });

  it('links an Apple identity to the existing account with that email', async () => {
    await signUpConfirmed(server.base, 'pat@example.com', 'correct horse battery');
    const tokens = await exchange('SignInWithApple', 'pat@example.com', 'Pat Example');
    const user = await sdkClient(server.base).send(new GetUserCommand({ AccessToken: tokens.access_token }));
    const conn = server.app.get(Database).em.fork().getConnection();
    const rows = await conn.execute(`select count(*)::int as n from identity_account where email = 'pat@example.com'`);
    expect(rows[0].n).toBe(1);
    const links = await conn.execute(`select provider, user_id from identity_federated_identity where user_id = ?`, [
      user.Username,
    ]);
    expect(links).toEqual([{ provider: 'SignInWithApple', user_id: user.Username }]);
  });

  it('rotates refresh tokens through the token endpoint; a reused one is refused', async () => {
    const tokens = await exchange('Google', 'rota@example.com', 'Rota Tion');
    const first = await tokenRequest(server.base, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(first.status).toBe(200);
    const rotated = await first.json();
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    const reuse = await tokenRequest(server.base, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(reuse.status).toBe(400);
    expect((await reuse.json()).error).toBe('invalid_grant');
  });

  it('grants the admin group to the configured admin email on social sign-up', async () => {
    const tokens = await exchange('Google', 'boss@example.com', 'The Boss');
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString());
    expect(claims['cognito:groups']).toEqual(['admin']);
  });
});
