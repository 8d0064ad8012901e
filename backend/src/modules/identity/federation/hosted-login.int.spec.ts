import type { AddressInfo } from 'node:net';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DevkitModule } from '../../../devkit';
import { PlatformModule } from '../../../platform/platform.module';
import { createTestDatabase, testConfig } from '../../../test-support';
import { FEDERATED_ACCOUNTS, type FederatedAccounts, type IssuedTokens, type SocialProvider } from './infra/federated-accounts';
import { FederationModule } from './federation.module';
import { NO_EMAIL_MESSAGE } from './hosted-login.service';
import { randomToken, s256 } from './pkce';
import { walkHostedLogin, type Person } from './test/hosted-login-flow';

/** An account store that remembers who signed in: the real one is tested with the identity provider. */
class RecordingAccounts implements FederatedAccounts {
  readonly users = new Map<string, { provider: string; subject: string; email: string; name?: string }>();
  async resolveFederatedUser(identity: {
    provider: 'Google' | 'SignInWithApple';
    subject: string;
    email: string;
    name?: string;
  }) {
    const userId = `user-${identity.provider}-${identity.subject}`;
    this.users.set(userId, identity);
    return { userId };
  }
  async issueTokens(userId: string): Promise<IssuedTokens> {
    return { accessToken: `access-${userId}`, idToken: `id-${userId}`, refreshToken: `refresh-${userId}`, expiresIn: 900 };
  }
  async refresh(refreshToken: string) {
    return refreshToken.startsWith('refresh-') ? this.issueTokens(refreshToken.slice('refresh-'.length)) : null;
  }
}

describe('hosted login: OAuth code flow with PKCE through the Google/Apple stand-in', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: NestExpressApplication;
  let base: string;
  const accounts = new RecordingAccounts();
  const redirectUri = 'http://localhost:3000/auth/callback';

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig(db.url, { RUN_PROJECTIONS: 'false' });
    // the stand-in comes from the devkit, as the API process wires it in outside production
    @Module({
      imports: [
        PlatformModule.forRoot(config),
        FederationModule.with({ provide: FEDERATED_ACCOUNTS, useValue: accounts }),
        DevkitModule.forRoot(config),
      ],
    })
    class TestModule {}
    app = await NestFactory.create<NestExpressApplication>(TestModule, { logger: false });
    app.setGlobalPrefix('api');
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const get = (path: string) => fetch(`${base}${path}`, { redirect: 'manual' });
  const form = (path: string, body: Record<string, string>) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });

  const signIn = (provider: SocialProvider, person: Person) => walkHostedLogin(base, provider, person, redirectUri);

  it('signs in with the Google stand-in and exchanges the code, with its verifier, for tokens once', async () => {
    const { url, verifier, state } = await signIn('Google', { email: 'Ada@Example.com', name: 'Ada Lovelace', shareEmail: true });
    expect(`${url.origin}${url.pathname}`).toBe(redirectUri);
    expect(url.searchParams.get('state')).toBe(state);
    const code = url.searchParams.get('code')!;
    const [userId, identity] = [...accounts.users.entries()].find(([, u]) => u.email === 'ada@example.com')!;
    expect(identity).toMatchObject({ provider: 'Google', name: 'Ada Lovelace' });

    const wrongVerifier = await form('/api/identity/oauth2/token', {
      grant_type: 'authorization_code',
      code,
      client_id: 'sparkhouse-web',
      redirect_uri: redirectUri,
      code_verifier: randomToken(48),
    });
    expect(wrongVerifier.status).toBe(400);
    expect((await wrongVerifier.json()).error).toBe('invalid_grant');

    // a failed attempt burns the code too: codes are single-use
    const again = await signIn('Google', { email: 'ada@example.com', name: 'Ada Lovelace', shareEmail: true });
    const tokens = await form('/api/identity/oauth2/token', {
      grant_type: 'authorization_code',
      code: again.url.searchParams.get('code')!,
      client_id: 'sparkhouse-web',
      redirect_uri: redirectUri,
      code_verifier: again.verifier,
    });
    expect(tokens.status).toBe(200);
    expect(await tokens.json()).toEqual({
      access_token: `access-${userId}`,
      id_token: `id-${userId}`,
      refresh_token: `refresh-${userId}`,
      token_type: 'Bearer',
      expires_in: 900,
    });
    const replay = await form('/api/identity/oauth2/token', {
      grant_type: 'authorization_code',
      code: again.url.searchParams.get('code')!,
      client_id: 'sparkhouse-web',
      redirect_uri: redirectUri,
      code_verifier: again.verifier,
    });
    expect(replay.status).toBe(400);
    expect(verifier).not.toBe(again.verifier);
  });

  it('keeps the same account for the same social identity, and tells Apple and Google apart', async () => {
    await signIn('SignInWithApple', { email: 'grace@example.com', name: 'Grace Hopper', shareEmail: true });
    await signIn('SignInWithApple', { email: 'grace@example.com', name: 'Grace Hopper', shareEmail: true });
    await signIn('Google', { email: 'grace@example.com', name: 'Grace Hopper', shareEmail: true });
    const graces = [...accounts.users.values()].filter((u) => u.email === 'grace@example.com');
    expect(new Set(graces.map((u) => `${u.provider}:${u.subject}`)).size).toBe(2);
  });

  it('returns to the web app with the no-email error when the social account hides its email', async () => {
    const { url } = await signIn('Google', { email: 'private@example.com', name: 'Private Person', shareEmail: false });
    expect(url.searchParams.get('error')).toBe('invalid_request');
    expect(url.searchParams.get('error_description')).toBe(NO_EMAIL_MESSAGE);
    expect(url.searchParams.get('code')).toBeNull();
  });

  it('refuses bad authorize requests without redirecting anywhere', async () => {
    const ok = {
      redirect_uri: redirectUri,
      response_type: 'code',
      client_id: 'sparkhouse-web',
      identity_provider: 'Google',
      scope: 'openid email',
      state: 'abc',
      code_challenge: s256(randomToken(48)),
      code_challenge_method: 'S256',
    };
    const cases: [Record<string, string>, string][] = [
      [{ client_id: 'someone-else' }, 'invalid_client'],
      [{ redirect_uri: 'https://evil.example/steal' }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ identity_provider: 'Facebook' }, 'invalid_request'],
      [{ scope: 'email' }, 'invalid_request'],
    ];
    for (const [override, error] of cases) {
      const res = await get(`/api/identity/oauth2/authorize?${new URLSearchParams({ ...ok, ...override })}`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('location')).toBeNull();
      expect((await res.json()).error).toBe(error);
    }
    const badState = await get('/api/identity/oauth2/idpresponse?code=x&state=unknown');
    expect(badState.status).toBe(400);
    expect((await badState.json()).error_description).toBe('Invalid state in OAuth flow');
    // the form-post return (Sign in with Apple's) checks the state the same way
    const badPost = await form('/api/identity/oauth2/idpresponse', { code: 'x', state: 'unknown' });
    expect(badPost.status).toBe(400);
    expect((await badPost.json()).error_description).toBe('Invalid state in OAuth flow');
  });

  it('rotates through the refresh grant and logs out only to an allowed address', async () => {
    const refreshed = await form('/api/identity/oauth2/token', {
      grant_type: 'refresh_token',
      client_id: 'sparkhouse-web',
      refresh_token: 'refresh-u1',
    });
    expect((await refreshed.json()).access_token).toBe('access-u1');
    const bad = await form('/api/identity/oauth2/token', {
      grant_type: 'refresh_token',
      client_id: 'sparkhouse-web',
      refresh_token: 'nope',
    });
    expect(bad.status).toBe(400);
    const out = await get('/api/identity/logout?client_id=sparkhouse-web&logout_uri=http%3A%2F%2Flocalhost%3A3000%2F');
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('http://localhost:3000/');
    expect((await get('/api/identity/logout?client_id=sparkhouse-web&logout_uri=https%3A%2F%2Fevil.example%2F')).status).toBe(
      400,
    );
  });

  it('publishes the token signing keys as a JWKS', async () => {
    const jwks = await (await get('/api/identity/.well-known/jwks.json')).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
  });
});
