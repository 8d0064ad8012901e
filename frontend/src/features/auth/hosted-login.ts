import { IDENTITY_ENDPOINT, IdentityError, type AuthenticationResult } from './identity-client';

export type SocialProvider = 'Google' | 'SignInWithApple';

/** What a hosted login needs to finish after the round trip through the provider. */
interface PendingHostedLogin {
  state: string;
  verifier: string;
  provider: SocialProvider;
  /** The page the person signed in from: the after-login rules apply to it. */
  from: { pathname: string; search: string };
}

export const HOSTED_LOGIN_STORAGE_KEY = 'sparkhouse.auth.hostedLogin';
const STATE_LENGTH = 32; // spec section 9
const VERIFIER_LENGTH = 128; // spec section 9

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

export function randomString(
  length: number,
  random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  return Array.from(random(length), (b) => ALPHABET[b % ALPHABET.length]).join('');
}

export async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  let binary = '';
  digest.forEach((b) => (binary += String.fromCharCode(b)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export const callbackUri = (origin: string) => `${origin}/auth/callback`;

/** The authorize address, and what to keep until the person comes back. */
export async function prepareHostedLogin(
  provider: SocialProvider,
  clientId: string,
  location: { origin: string; pathname: string; search: string },
): Promise<{ url: string; pending: PendingHostedLogin }> {
  const pending: PendingHostedLogin = {
    state: randomString(STATE_LENGTH),
    verifier: randomString(VERIFIER_LENGTH),
    provider,
    from: { pathname: location.pathname, search: location.search },
  };
  const query = new URLSearchParams({
    redirect_uri: callbackUri(location.origin),
    response_type: 'code',
    client_id: clientId,
    identity_provider: provider,
    scope: 'email profile openid',
    state: pending.state,
    code_challenge: await s256(pending.verifier),
    code_challenge_method: 'S256',
  });
  return { url: `${IDENTITY_ENDPOINT}/oauth2/authorize?${query}`, pending };
}

export async function startHostedLogin(provider: SocialProvider, clientId: string): Promise<void> {
  const { url, pending } = await prepareHostedLogin(provider, clientId, window.location);
  sessionStorage.setItem(HOSTED_LOGIN_STORAGE_KEY, JSON.stringify(pending));
  window.location.assign(url);
}

const providerLabel = (p: SocialProvider | undefined) => (p === 'SignInWithApple' ? 'Apple' : 'Google');

/**
 * Finishes a hosted login on /auth/callback: checks the state, exchanges the code with its PKCE
 * verifier for tokens. Errors carry the message to show.
 */
export async function completeHostedLogin(
  params: URLSearchParams,
  clientId: string,
  origin: string,
  storage: Storage = sessionStorage,
  fetchImpl?: typeof fetch,
): Promise<{ result: AuthenticationResult; provider: SocialProvider; from: PendingHostedLogin['from'] }> {
  const raw = storage.getItem(HOSTED_LOGIN_STORAGE_KEY);
  storage.removeItem(HOSTED_LOGIN_STORAGE_KEY);
  const pending = raw ? (JSON.parse(raw) as PendingHostedLogin) : null;
  if (!pending || pending.state !== params.get('state')) throw new IdentityError('InvalidState', 'Invalid state in OAuth flow');
  const label = providerLabel(pending.provider);
  if (params.get('error')) {
    throw new IdentityError(
      'HostedLoginError',
      params.get('error_description') || `Error signing in with ${label}. Please try again.`,
    );
  }
  const code = params.get('code');
  if (!code) throw new IdentityError('HostedLoginError', `Error signing in with ${label}. Please try again.`);
  let response: Response;
  try {
    response = await (fetchImpl ?? fetch)(`${IDENTITY_ENDPOINT}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        redirect_uri: callbackUri(origin),
        code_verifier: pending.verifier,
      }),
    });
  } catch {
    throw new IdentityError('NetworkError', 'There was a problem with the network or contacting our servers.');
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof body.access_token !== 'string' || typeof body.id_token !== 'string') {
    throw new IdentityError('HostedLoginError', `Error signing in with ${label}. Please try again.`);
  }
  return {
    result: {
      AccessToken: body.access_token,
      IdToken: body.id_token,
      RefreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
      ExpiresIn: Number(body.expires_in ?? 900),
      TokenType: 'Bearer',
    },
    provider: pending.provider,
    from: pending.from,
  };
}
