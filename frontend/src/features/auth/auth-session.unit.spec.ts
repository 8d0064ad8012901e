import { createAuthSessionStore, isSessionValid, sessionFromResult, type AuthSession } from './auth-session';
import { IdentityError, type IdentityClient } from './identity-client';
import { authResult } from './test-support/tokens';

const T0 = 1_800_000_000; // provider clock, seconds

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => Array.from(data.keys())[i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

function fakeClient(over: Partial<IdentityClient> = {}): IdentityClient {
  return {
    signInWithSrp: jest.fn(),
    initiateRefreshAuth: jest.fn(),
    respondToAuthChallenge: jest.fn(),
    ...over,
  } as unknown as IdentityClient;
}

describe('session validity with clock drift', () => {
  it('is valid while now minus drift is before both expiries', () => {
    // This browser runs 10 minutes ahead of the provider.
    const localNow = (T0 + 600) * 1000;
    const session = sessionFromResult(authResult(T0, 3600), undefined, localNow);
    expect(session.clockDrift).toBe(600_000);
    // 59 minutes of provider time later: still valid, although the local clock is past expiry.
    expect(isSessionValid(session, localNow + 59 * 60_000)).toBe(true);
    expect(isSessionValid(session, localNow + 60 * 60_000)).toBe(false);
  });

  it('the earlier of id and access token expiry decides', () => {
    const short = authResult(T0, 900);
    const long = authResult(T0, 3600);
    const session: AuthSession = {
      idToken: long.IdToken,
      accessToken: short.AccessToken,
      refreshToken: 'r',
      clockDrift: 0,
    };
    expect(isSessionValid(session, (T0 + 899) * 1000)).toBe(true);
    expect(isSessionValid(session, (T0 + 900) * 1000)).toBe(false);
  });
});

describe('auth session store', () => {
  it('persists the session and publishes the access token on sign-in', async () => {
    const storage = memoryStorage();
    const publish = jest.fn();
    const client = fakeClient({ signInWithSrp: jest.fn().mockResolvedValue({ AuthenticationResult: authResult(T0) }) });
    const store = createAuthSessionStore({ client, storage, now: () => T0 * 1000, publishAccessToken: publish });
    const outcome = await store.signIn('ada@example.com', 'correct horse');
    expect(outcome.kind).toBe('signedIn');
    expect(publish).toHaveBeenLastCalledWith(store.getSession()!.accessToken);
    expect(JSON.parse(storage.getItem('sparkhouse.auth.session')!)).toEqual(store.getSession());
    store.clear();
  });

  it('allows only one pending sign-in at a time', async () => {
    let release!: (v: unknown) => void;
    const client = fakeClient({
      signInWithSrp: jest.fn(() => new Promise((resolve) => (release = resolve))) as never,
    });
    const store = createAuthSessionStore({
      client,
      storage: memoryStorage(),
      now: () => T0 * 1000,
      publishAccessToken: jest.fn(),
    });
    const first = store.signIn('ada@example.com', 'correct horse');
    await expect(store.signIn('ada@example.com', 'correct horse')).rejects.toMatchObject({ code: 'SignInPending' });
    release({ AuthenticationResult: authResult(T0) });
    await expect(first).resolves.toMatchObject({ kind: 'signedIn' });
    store.clear();
  });

  it('returns challenges instead of a session', async () => {
    const client = fakeClient({
      signInWithSrp: jest.fn().mockResolvedValue({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 's1' }),
    });
    const store = createAuthSessionStore({ client, storage: memoryStorage(), publishAccessToken: jest.fn() });
    await expect(store.signIn('ada@example.com', 'pw123456')).resolves.toEqual({
      kind: 'challenge',
      challenge: 'SOFTWARE_TOKEN_MFA',
      username: 'ada@example.com',
      session: 's1',
    });
    expect(store.getSession()).toBeNull();
  });

  it('refreshes an expired session once for concurrent callers, keeping the rotated refresh token', async () => {
    let now = T0 * 1000;
    const initiateRefreshAuth = jest.fn().mockImplementation(async () => ({
      AuthenticationResult: authResult(T0 + 7200, 3600, 'user-1', 'refresh-2'),
    }));
    const storage = memoryStorage();
    const store = createAuthSessionStore({
      client: fakeClient({ initiateRefreshAuth }),
      storage,
      now: () => now,
      publishAccessToken: jest.fn(),
    });
    store.setSession(sessionFromResult(authResult(T0), undefined, now));
    now = (T0 + 7200) * 1000;
    const [a, b] = await Promise.all([store.getValidSession(), store.getValidSession()]);
    expect(initiateRefreshAuth).toHaveBeenCalledTimes(1);
    expect(initiateRefreshAuth).toHaveBeenCalledWith('refresh-1');
    expect(a).toBe(b);
    expect(a?.refreshToken).toBe('refresh-2');
    expect(JSON.parse(storage.getItem('sparkhouse.auth.session')!).refreshToken).toBe('refresh-2');
    store.clear();
  });

  it('a refresh refused with NotAuthorizedException signs the user out', async () => {
    let now = T0 * 1000;
    const listener = jest.fn();
    const client = fakeClient({
      initiateRefreshAuth: jest
        .fn()
        .mockRejectedValue(new IdentityError('NotAuthorizedException', 'Refresh Token has been revoked')),
    });
    const publish = jest.fn();
    const store = createAuthSessionStore({ client, storage: memoryStorage(), now: () => now, publishAccessToken: publish });
    store.setSession(sessionFromResult(authResult(T0), undefined, now));
    store.subscribe(listener);
    now = (T0 + 7200) * 1000;
    await expect(store.getValidSession()).resolves.toBeNull();
    expect(store.getSession()).toBeNull();
    expect(publish).toHaveBeenLastCalledWith(null);
    expect(listener).toHaveBeenCalled();
  });

  it('a refresh failing on the network keeps the tokens for later', async () => {
    let now = T0 * 1000;
    const client = fakeClient({ initiateRefreshAuth: jest.fn().mockRejectedValue(new IdentityError('NetworkError', 'offline')) });
    const store = createAuthSessionStore({ client, storage: memoryStorage(), now: () => now, publishAccessToken: jest.fn() });
    store.setSession(sessionFromResult(authResult(T0), undefined, now));
    now = (T0 + 7200) * 1000;
    await expect(store.getValidSession()).resolves.toBeNull();
    expect(store.getSession()).not.toBeNull();
    store.clear();
  });
});
