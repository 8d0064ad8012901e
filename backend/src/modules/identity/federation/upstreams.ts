import { createPublicKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { APP_CONFIG, developmentTools, type AppConfig } from '../../../platform/config/config';
import type { SocialProvider } from './infra/federated-accounts';
import { SOCIAL_SIGN_IN, type SocialSignIn, type StandInName } from './domain/social-sign-in.port';

export interface UpstreamClaims {
  subject: string;
  email: string | null;
  name: string | null;
}

/** An OpenID Connect provider we send people to (Google, Apple, or the local stand-in for them). */
export interface Upstream {
  readonly redirectUri: string;
  authorizeUrl(p: { state: string; nonce: string; codeChallenge: string }): Promise<string>;
  exchange(p: { code: string; codeVerifier: string; nonce: string }): Promise<UpstreamClaims>;
}

export class UpstreamError extends Error {}

function claimsOf(payload: jwt.JwtPayload, nonce: string): UpstreamClaims {
  if (payload.nonce !== nonce) throw new UpstreamError('The sign-in answer does not match this sign-in (nonce).');
  const email = typeof payload.email === 'string' && payload.email.includes('@') ? payload.email.toLowerCase() : null;
  return { subject: String(payload.sub), email, name: typeof payload.name === 'string' ? payload.name : null };
}

/** The authorization request of the code flow with PKCE (S256) and a nonce. */
function authorizeQuery(
  clientId: string,
  redirectUri: string,
  p: { state: string; nonce: string; codeChallenge: string },
  responseMode?: 'form_post',
) {
  return new URLSearchParams({
    ...(responseMode ? { response_mode: responseMode } : {}),
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state: p.state,
    nonce: p.nonce,
    code_challenge: p.codeChallenge,
    code_challenge_method: 'S256',
  });
}

/** The stand-in, reached in-process: no HTTP round trip to ourselves. */
class StandInUpstream implements Upstream {
  readonly redirectUri = '/api/identity/oauth2/idpresponse';

  constructor(
    private readonly name: StandInName,
    private readonly standIn: SocialSignIn,
    private readonly clientId: string,
  ) {}

  async authorizeUrl(p: { state: string; nonce: string; codeChallenge: string }) {
    return `${this.standIn.authorizePath(this.name)}?${authorizeQuery(this.clientId, this.redirectUri, p)}`;
  }

  async exchange(p: { code: string; codeVerifier: string; nonce: string }) {
    const tokens = await this.standIn.exchange(this.name, {
      code: p.code,
      clientId: this.clientId,
      redirectUri: this.redirectUri,
      codeVerifier: p.codeVerifier,
    });
    if (!tokens) throw new UpstreamError('The sign-in code was not accepted.');
    const decoded = jwt.decode(tokens.idToken, { complete: true });
    const key = decoded ? await this.standIn.publicKey(String(decoded.header.kid)) : null;
    if (!key) throw new UpstreamError('The sign-in answer was signed by an unknown key.');
    const payload = jwt.verify(tokens.idToken, key, {
      algorithms: ['RS256'],
      issuer: this.standIn.issuer(this.name),
      audience: this.clientId,
    }) as jwt.JwtPayload;
    return claimsOf(payload, p.nonce);
  }
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** A real provider, found by OpenID Connect discovery; client_secret_post with PKCE. */
class OidcUpstream implements Upstream {
  private discovery: Promise<Discovery> | null = null;

  constructor(
    private readonly issuer: string,
    private readonly clientId: string,
    private readonly clientSecret: string,
    readonly redirectUri: string,
    /** Apple answers with a form POST when email or name is asked for. */
    private readonly responseMode?: 'form_post',
  ) {}

  private meta() {
    this.discovery ??= fetch(`${this.issuer}/.well-known/openid-configuration`).then(async (r) => {
      if (!r.ok) throw new UpstreamError(`Discovery failed at ${this.issuer}`);
      return (await r.json()) as Discovery;
    });
    return this.discovery;
  }

  async authorizeUrl(p: { state: string; nonce: string; codeChallenge: string }) {
    return `${(await this.meta()).authorization_endpoint}?${authorizeQuery(this.clientId, this.redirectUri, p, this.responseMode)}`;
  }

  async exchange(p: { code: string; codeVerifier: string; nonce: string }) {
    const meta = await this.meta();
    const res = await fetch(meta.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: p.code,
        redirect_uri: this.redirectUri,
        client_id: this.clientId,
        client_secret: this.clientSecret,
        code_verifier: p.codeVerifier,
      }),
    });
    if (!res.ok) throw new UpstreamError('The provider refused the sign-in code.');
    const { id_token: idToken } = (await res.json()) as { id_token?: string };
    if (!idToken) throw new UpstreamError('The provider answered without an id token.');
    const decoded = jwt.decode(idToken, { complete: true });
    const key = decoded ? await this.key(meta.jwks_uri, String(decoded.header.kid)) : null;
    if (!key) throw new UpstreamError('The sign-in answer was signed by an unknown key.');
    const claims = jwt.verify(idToken, key, { algorithms: ['RS256', 'ES256'], issuer: meta.issuer, audience: this.clientId });
    if (typeof claims === 'string') throw new UpstreamError('The sign-in answer carried no claims.');
    return claimsOf(claims, p.nonce);
  }

  private async key(jwksUri: string, kid: string): Promise<KeyObject | null> {
    const { keys } = (await (await fetch(jwksUri)).json()) as { keys: (Record<string, unknown> & { kid?: string })[] };
    const jwk = keys.find((k) => k.kid === kid);
    return jwk ? createPublicKey({ key: jwk as never, format: 'jwk' }) : null;
  }
}

/**
 * Google and Apple: the real ones when configured, else (outside production) the stand-in behind the
 * SocialSignIn port; in production, where no stand-in is wired in, an unconfigured one is unavailable.
 */
@Injectable()
export class Upstreams {
  private readonly byName: Record<SocialProvider, Upstream | null>;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Optional() @Inject(SOCIAL_SIGN_IN) socialSignIn?: SocialSignIn) {
    const callback = `${config.PUBLIC_URL}/api/identity/oauth2/idpresponse`;
    const standIn = developmentTools(config).signInStandIn ? socialSignIn : undefined;
    this.byName = {
      Google: config.GOOGLE_CLIENT_ID
        ? new OidcUpstream('https://accounts.google.com', config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET ?? '', callback)
        : standIn
          ? new StandInUpstream('google', standIn, config.IDENTITY_CLIENT_ID)
          : null,
      SignInWithApple: config.APPLE_CLIENT_ID
        ? new OidcUpstream(
            'https://appleid.apple.com',
            config.APPLE_CLIENT_ID,
            config.APPLE_CLIENT_SECRET ?? '',
            callback,
            'form_post',
          )
        : standIn
          ? new StandInUpstream('apple', standIn, config.IDENTITY_CLIENT_ID)
          : null,
    };
  }

  /** The provider, null when this server has none for it; undefined for a name that is no provider. */
  get(name: string): Upstream | null | undefined {
    return name === 'Google' || name === 'SignInWithApple' ? this.byName[name] : undefined;
  }
}
