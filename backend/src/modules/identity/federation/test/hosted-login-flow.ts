import { randomToken, s256 } from '../pkce';
import type { SocialProvider } from '../infra/federated-accounts';

export interface Person {
  email: string;
  name: string;
  shareEmail: boolean;
}

const get = (base: string, path: string) => fetch(`${base}${path}`, { redirect: 'manual' });

/**
 * Walks the hosted login as a browser would: authorize, the stand-in provider's page, its form,
 * the provider's return. Answers the final redirect back to the web app and the PKCE verifier.
 */
export async function walkHostedLogin(base: string, provider: SocialProvider, person: Person, redirectUri: string) {
  const verifier = randomToken(48);
  const state = randomToken(24);
  const authorize = await get(
    base,
    `/api/identity/oauth2/authorize?${new URLSearchParams({
      redirect_uri: redirectUri,
      response_type: 'code',
      client_id: 'sparkhouse-web',
      identity_provider: provider,
      scope: 'email profile openid',
      state,
      code_challenge: s256(verifier),
      code_challenge_method: 'S256',
    })}`,
  );
  expect(authorize.status).toBe(302);
  const providerPage = authorize.headers.get('location')!;
  expect(providerPage).toMatch(provider === 'Google' ? /^\/api\/identity\/stand-in\/google\/authorize\?/ : /\/stand-in\/apple\//);
  const page = await get(base, providerPage);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`Continue with ${provider === 'Google' ? 'Google' : 'Apple'}`);
  const hidden = Object.fromEntries(new URL(providerPage, base).searchParams);
  const chosen = await fetch(`${base}${providerPage.split('?')[0]}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ...hidden,
      email: person.email,
      name: person.name,
      ...(person.shareEmail ? { shareEmail: 'yes' } : {}),
    }),
  });
  expect(chosen.status).toBe(303);
  const back = await get(base, chosen.headers.get('location')!);
  expect(back.status).toBe(302);
  return { url: new URL(back.headers.get('location')!), verifier, state };
}

/** Exchanges a hosted-login code (or refresh token) at the token endpoint. */
export function tokenRequest(base: string, body: Record<string, string>) {
  return fetch(`${base}/api/identity/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'sparkhouse-web', ...body }),
  });
}
