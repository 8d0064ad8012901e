import { setAccessToken } from '../../api/token-store';
import {
  IdentityError,
  isIdentityError,
  type AuthenticationResult,
  type ChallengeName,
  type IdentityClient,
} from './identity-client';

/**
 * The auth session (spec section 3): id, access and refresh tokens plus the clock drift between
 * this browser and the provider. Persisted in local storage; mirrored into the API token store so
 * callApi sends the Bearer token and the realtime socket reconnects as the user.
 */
export interface AuthSession {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  /** Local clock minus provider clock, in ms (from the tokens' `iat` when they were received). */
  clockDrift: number;
}

export interface TokenClaims {
  sub?: string;
  exp?: number;
  iat?: number;
  email?: string;
  given_name?: string;
  family_name?: string;
  [claim: string]: unknown;
}

export const AUTH_SESSION_STORAGE_KEY = 'sparkhouse.auth.session';
/** Refresh this long before the earlier token expires, so calls never go out with a stale token. */
const REFRESH_AHEAD_MS = 60_000;

function base64UrlDecode(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  // UTF-8 bytes to text, without TextDecoder (not in every test environment).
  return decodeURIComponent(Array.from(binary, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''));
}

/** The payload of a JWT, unverified (the server verifies; the client only reads expiry and names). */
export function decodeToken(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(base64UrlDecode(payload)) as unknown;
    return typeof claims === 'object' && claims !== null ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** Drift as the provider would compute it: local now minus the tokens' issue time. */
export function computeClockDrift(idToken: string, accessToken: string, now: number): number {
  const issued = [decodeToken(idToken)?.iat, decodeToken(accessToken)?.iat].filter((v): v is number => typeof v === 'number');
  if (issued.length === 0) return 0;
  return now - Math.min(...issued) * 1000;
}

export function sessionFromResult(
  result: AuthenticationResult,
  previousRefreshToken: string | undefined,
  now: number,
): AuthSession {
  const refreshToken = result.RefreshToken ?? previousRefreshToken;
  if (!refreshToken) throw new IdentityError('NotAuthorizedException', 'Cannot retrieve a new session. Please authenticate');
  return {
    idToken: result.IdToken,
    accessToken: result.AccessToken,
    refreshToken,
    clockDrift: computeClockDrift(result.IdToken, result.AccessToken, now),
  };
}

/** Expiry of the earlier of the two tokens, on the provider's clock (ms), or 0 when unreadable. */
export function sessionExpiresAt(session: AuthSession): number {
  const idExp = decodeToken(session.idToken)?.exp;
  const accessExp = decodeToken(session.accessToken)?.exp;
  if (typeof idExp !== 'number' || typeof accessExp !== 'number') return 0;
  return Math.min(idExp, accessExp) * 1000;
}

/** Valid while now minus the clock drift is before the expiry of both the id and the access token. */
export function isSessionValid(session: AuthSession, now: number): boolean {
  return now - session.clockDrift < sessionExpiresAt(session);
}

function isStoredSession(value: unknown): value is AuthSession {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.idToken === 'string' &&
    typeof s.accessToken === 'string' &&
    typeof s.refreshToken === 'string' &&
    typeof s.clockDrift === 'number'
  );
}

export type SignInOutcome =
  | { kind: 'signedIn'; session: AuthSession }
  | { kind: 'challenge'; challenge: ChallengeName; username: string; session?: string };

export interface AuthSessionStoreOptions {
  client: IdentityClient;
  storage?: Storage | null;
  now?: () => number;
  /** Mirror of the access token for the API client; the real token store unless a test injects one. */
  publishAccessToken?: (token: string | null) => void;
}

export function createAuthSessionStore({
  client,
  storage = typeof window === 'undefined' ? null : window.localStorage,
  now = Date.now,
  publishAccessToken = setAccessToken,
}: AuthSessionStoreOptions) {
  let session: AuthSession | null = null;
  let pendingSignIn = false;
  let refreshing: Promise<AuthSession | null> | null = null;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const notify = () => listeners.forEach((listener) => listener());

  function persist(next: AuthSession | null): void {
    try {
      if (next) storage?.setItem(AUTH_SESSION_STORAGE_KEY, JSON.stringify(next));
      else storage?.removeItem(AUTH_SESSION_STORAGE_KEY);
    } catch {
      /* storage full or unavailable: the session lives for this page only */
    }
  }

  function scheduleRefresh(next: AuthSession | null): void {
    clearTimeout(refreshTimer);
    if (!next) return;
    const expiresAt = sessionExpiresAt(next) + next.clockDrift;
    const delay = Math.max(expiresAt - REFRESH_AHEAD_MS - now(), 0);
    // setTimeout overflows past ~24.8 days; tokens never live that long, but guard anyway.
    if (delay > 2 ** 31 - 1) return;
    refreshTimer = setTimeout(() => void store.getValidSession({ force: true }), delay);
  }

  function set(next: AuthSession | null): void {
    session = next;
    persist(next);
    publishAccessToken(next && isSessionValid(next, now()) ? next.accessToken : null);
    scheduleRefresh(next);
    notify();
  }

  const store = {
    getSession: (): AuthSession | null => session,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** Reads the stored session; an expired one is refreshed. */
    restore(): Promise<AuthSession | null> {
      let stored: unknown = null;
      try {
        const text = storage?.getItem(AUTH_SESSION_STORAGE_KEY);
        stored = text ? JSON.parse(text) : null;
      } catch {
        stored = null;
      }
      if (!isStoredSession(stored)) return Promise.resolve(null);
      set(stored);
      return store.getValidSession();
    },

    setSession: (next: AuthSession | null) => set(next),

    /** Forget the tokens (sign-out, or a refresh the provider refused). */
    clear(): void {
      set(null);
    },

    /**
     * The current session, refreshed with the refresh token when expired (the refresh token
     * rotates: a new one replaces the old). A refusal (NotAuthorizedException) signs the user out;
     * a network failure keeps the tokens for a later try and answers null.
     */
    getValidSession({ force = false }: { force?: boolean } = {}): Promise<AuthSession | null> {
      const current = session;
      if (!current) return Promise.resolve(null);
      if (!force && isSessionValid(current, now())) return Promise.resolve(current);
      refreshing ??= client
        .initiateRefreshAuth(current.refreshToken)
        .then((answer) => {
          if (!answer.AuthenticationResult)
            throw new IdentityError('NotAuthorizedException', 'Cannot retrieve a new session. Please authenticate');
          const next = sessionFromResult(answer.AuthenticationResult, current.refreshToken, now());
          set(next);
          return next;
        })
        .catch((error: unknown) => {
          if (isIdentityError(error, 'NotAuthorizedException')) set(null);
          return null;
        })
        .finally(() => {
          refreshing = null;
        });
      return refreshing;
    },

    /**
     * SRP (USER_SRP_AUTH, as the hosted pool's own clients sign in). Only one sign-in may be pending at a
     * time. `hold`: answer the session without making it the page's yet (sign-up makes its user first;
     * setSession hands it over).
     */
    async signIn(username: string, password: string, { hold = false }: { hold?: boolean } = {}): Promise<SignInOutcome> {
      if (pendingSignIn) throw new IdentityError('SignInPending', 'A sign-in is already in progress.');
      pendingSignIn = true;
      try {
        const answer = await client.signInWithSrp(username, password);
        return store.acceptAuthAnswer(answer, username, hold);
      } finally {
        pendingSignIn = false;
      }
    },

    async answerChallenge(
      challenge: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA',
      username: string,
      challengeSession: string | undefined,
      answer: string,
    ): Promise<SignInOutcome> {
      if (pendingSignIn) throw new IdentityError('SignInPending', 'A sign-in is already in progress.');
      pendingSignIn = true;
      try {
        const result = await client.respondToAuthChallenge(challenge, username, challengeSession, answer);
        return store.acceptAuthAnswer(result, username);
      } finally {
        pendingSignIn = false;
      }
    },

    acceptAuthAnswer(
      answer: Awaited<ReturnType<IdentityClient['initiatePasswordAuth']>>,
      username: string,
      hold = false,
    ): SignInOutcome {
      if (answer.AuthenticationResult) {
        const next = sessionFromResult(answer.AuthenticationResult, undefined, now());
        if (!hold) set(next);
        return { kind: 'signedIn', session: next };
      }
      if (answer.ChallengeName) {
        return { kind: 'challenge', challenge: answer.ChallengeName, username, session: answer.Session };
      }
      throw new IdentityError('UnexpectedResponse', 'Error logging in');
    },
  };
  return store;
}

export type AuthSessionStore = ReturnType<typeof createAuthSessionStore>;

/** Who the session speaks for, read from the id token. */
export function sessionIdentity(session: AuthSession | null) {
  const claims = session ? decodeToken(session.idToken) : null;
  if (!claims?.sub) return null;
  return {
    userId: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : '',
    firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
    lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
  };
}
