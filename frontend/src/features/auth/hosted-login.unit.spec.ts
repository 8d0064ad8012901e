import { webcrypto } from 'node:crypto';
import { completeHostedLogin, HOSTED_LOGIN_STORAGE_KEY, prepareHostedLogin, randomString } from './hosted-login';

beforeAll(() => {
  if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto });
  if (!globalThis.TextEncoder) Object.assign(globalThis, { TextEncoder: require('node:util').TextEncoder });
});

const answer = (status: number, body: unknown) => ({ ok: status < 400, status, json: async () => body });

const location = { origin: 'http://localhost:3000', pathname: '/cart', search: '?x=1' };

describe('hosted login (OAuth code flow with PKCE)', () => {
  it('asks for the code with a 32-character state and the S256 challenge of a 128-character verifier', async () => {
    const { url, pending } = await prepareHostedLogin('Google', 'sparkhouse-web', location);
    const q = new URL(url, 'http://localhost').searchParams;
    expect(pending.state).toHaveLength(32);
    expect(pending.verifier).toHaveLength(128);
    expect(q.get('state')).toBe(pending.state);
    expect(q.get('code_challenge_method')).toBe('S256');
    const expected = Buffer.from(await webcrypto.subtle.digest('SHA-256', Buffer.from(pending.verifier))).toString('base64url');
    expect(q.get('code_challenge')).toBe(expected);
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/auth/callback');
    expect(q.get('identity_provider')).toBe('Google');
    expect(pending.from).toEqual({ pathname: '/cart', search: '?x=1' });
  });

  it('uses only verifier-safe characters', () => {
    expect(randomString(200)).toMatch(/^[A-Za-z0-9\-._~]{200}$/);
  });

  const stored = (state: string) => {
    sessionStorage.setItem(
      HOSTED_LOGIN_STORAGE_KEY,
      JSON.stringify({ state, verifier: 'v'.repeat(128), provider: 'Google', from: { pathname: '/cart', search: '' } }),
    );
  };

  it('refuses a callback whose state it did not send', async () => {
    stored('expected-state');
    await expect(
      completeHostedLogin(new URLSearchParams('code=c&state=other'), 'sparkhouse-web', location.origin),
    ).rejects.toThrow('Invalid state in OAuth flow');
    // the pending login is used up either way
    expect(sessionStorage.getItem(HOSTED_LOGIN_STORAGE_KEY)).toBeNull();
  });

  it("shows the provider's reason when the sign-in came back with an error", async () => {
    stored('s1');
    const params = new URLSearchParams({
      state: 's1',
      error: 'invalid_request',
      error_description: 'We could not retrieve your email from your social account.',
    });
    await expect(completeHostedLogin(params, 'sparkhouse-web', location.origin)).rejects.toThrow(
      'We could not retrieve your email',
    );
  });

  it('exchanges the code with the verifier and answers the tokens and where the sign-in began', async () => {
    stored('s2');
    const fetchImpl = jest.fn(async () =>
      answer(200, { access_token: 'a', id_token: 'i', refresh_token: 'r', expires_in: 900, token_type: 'Bearer' }),
    );
    const done = await completeHostedLogin(
      new URLSearchParams('code=c1&state=s2'),
      'sparkhouse-web',
      location.origin,
      sessionStorage,
      fetchImpl as never,
    );
    expect(done.result).toMatchObject({ AccessToken: 'a', IdToken: 'i', RefreshToken: 'r' });
    expect(done.from.pathname).toBe('/cart');
    const body = new URLSearchParams((fetchImpl.mock.calls[0] as unknown as [string, { body: URLSearchParams }])[1].body);
    expect(Object.fromEntries(body)).toEqual({
      grant_type: 'authorization_code',
      code: 'c1',
      client_id: 'sparkhouse-web',
      redirect_uri: 'http://localhost:3000/auth/callback',
      code_verifier: 'v'.repeat(128),
    });
  });

  it("answers the spec's message when the exchange is refused", async () => {
    stored('s3');
    const fetchImpl = jest.fn(async () => answer(400, { error: 'invalid_grant' }));
    await expect(
      completeHostedLogin(
        new URLSearchParams('code=c&state=s3'),
        'sparkhouse-web',
        location.origin,
        sessionStorage,
        fetchImpl as never,
      ),
    ).rejects.toThrow('Error signing in with Google. Please try again.');
  });
});
