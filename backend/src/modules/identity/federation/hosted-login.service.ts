import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { RedisConnections } from '../../../platform/jobs/redis-connections';
import { FEDERATED_ACCOUNTS, type FederatedAccounts, type IssuedTokens, type SocialProvider } from './infra/federated-accounts';
import { isValidVerifier, randomToken, s256 } from './pkce';
import { UpstreamError, Upstreams } from './upstreams';

/** What the client asked for at authorize, kept while the person is at the social provider. */
interface Flow {
  provider: SocialProvider;
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  upstreamVerifier: string;
  nonce: string;
}

interface IssuedCode {
  userId: string;
  provider: SocialProvider;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
}

const FLOW_TTL_S = 10 * 60;
const CODE_TTL_S = 5 * 60;

export const NO_EMAIL_MESSAGE =
  'We could not retrieve your email from your social account. Please allow access to your email, or sign up with your email instead.';

export class OAuthError extends Error {
  constructor(
    readonly error:
      'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'access_denied' | 'server_error',
    message: string,
  ) {
    super(message);
  }
}

export type AuthorizeQuery = Record<string, string | undefined>;

/**
 * Hosted login: the OAuth 2.0 authorization-code flow with PKCE (S256) for the web app, with
 * Google and Apple (or their local stand-in) as upstream identity providers.
 */
@Injectable()
export class HostedLogin {
  private readonly logger = new Logger('HostedLogin');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisConnections,
    private readonly upstreams: Upstreams,
    @Inject(FEDERATED_ACCOUNTS) private readonly accounts: FederatedAccounts,
  ) {}

  /** Checks the request and answers where to send the person: the provider's sign-in page. */
  async authorize(q: AuthorizeQuery): Promise<string> {
    if (q.client_id !== this.config.IDENTITY_CLIENT_ID) throw new OAuthError('invalid_client', 'Unknown client_id.');
    const redirectUri = this.allowedRedirect(q.redirect_uri);
    if (!redirectUri) throw new OAuthError('invalid_request', 'redirect_uri is not allowed for this client.');
    if (q.response_type !== 'code') throw new OAuthError('invalid_request', 'response_type must be code.');
    const scopes = (q.scope ?? '').split(/[\s+]+/);
    if (!scopes.includes('openid')) throw new OAuthError('invalid_request', 'scope must include openid.');
    if (!q.state || q.state.length > 512) throw new OAuthError('invalid_request', 'state is required.');
    if (q.code_challenge_method !== 'S256' || !q.code_challenge || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge)) {
      throw new OAuthError('invalid_request', 'A code_challenge with code_challenge_method S256 is required.');
    }
    const upstream = this.upstreams.get(q.identity_provider ?? '');
    if (upstream === undefined) throw new OAuthError('invalid_request', 'identity_provider must be Google or SignInWithApple.');
    if (upstream === null) {
      const label = q.identity_provider === 'Google' ? 'Google' : 'Apple';
      throw new OAuthError('invalid_request', `Sign-in with ${label} is not available on this server.`);
    }
    const flowId = randomToken();
    const flow: Flow = {
      provider: q.identity_provider as SocialProvider,
      clientId: q.client_id,
      redirectUri,
      state: q.state,
      codeChallenge: q.code_challenge,
      upstreamVerifier: randomToken(48),
      nonce: randomToken(),
    };
    await this.redis.shared().set(this.key(`flow:${flowId}`), JSON.stringify(flow), 'EX', FLOW_TTL_S);
    return upstream.authorizeUrl({ state: flowId, nonce: flow.nonce, codeChallenge: s256(flow.upstreamVerifier) });
  }

  /** The provider sent the person back: finish there, and answer where the web app gets them. */
  async providerResponse(q: AuthorizeQuery): Promise<string> {
    const raw = q.state ? await this.redis.shared().getdel(this.key(`flow:${q.state}`)) : null;
    if (!raw) throw new OAuthError('invalid_request', 'Invalid state in OAuth flow');
    const flow = JSON.parse(raw) as Flow;
    const back = (params: Record<string, string>) => {
      const url = new URL(flow.redirectUri);
      for (const [k, v] of Object.entries({ ...params, state: flow.state })) url.searchParams.set(k, v);
      return url.toString();
    };
    if (q.error || !q.code) return back({ error: 'access_denied', error_description: 'Sign-in was canceled.' });
    try {
      const upstream = this.upstreams.get(flow.provider)!;
      const claims = await upstream.exchange({ code: q.code, codeVerifier: flow.upstreamVerifier, nonce: flow.nonce });
      if (!claims.email) return back({ error: 'invalid_request', error_description: NO_EMAIL_MESSAGE });
      const { userId } = await this.accounts.resolveFederatedUser({
        provider: flow.provider,
        subject: claims.subject,
        email: claims.email,
        name: claims.name ?? undefined,
      });
      const code = randomToken();
      const issued: IssuedCode = {
        userId,
        provider: flow.provider,
        clientId: flow.clientId,
        redirectUri: flow.redirectUri,
        codeChallenge: flow.codeChallenge,
      };
      await this.redis.shared().set(this.key(`code:${code}`), JSON.stringify(issued), 'EX', CODE_TTL_S);
      return back({ code });
    } catch (err) {
      if (!(err instanceof UpstreamError)) this.logger.error({ err }, 'social sign-in failed');
      return back({
        error: 'server_error',
        error_description: `Error signing in with ${flow.provider === 'Google' ? 'Google' : 'Apple'}. Please try again.`,
      });
    }
  }

  /** The token endpoint: a code (with its PKCE verifier) or a refresh token for tokens. */
  async token(body: AuthorizeQuery): Promise<IssuedTokens> {
    if (body.grant_type === 'refresh_token') {
      if (body.client_id !== this.config.IDENTITY_CLIENT_ID) throw new OAuthError('invalid_client', 'Unknown client_id.');
      const tokens = body.refresh_token ? await this.accounts.refresh(body.refresh_token) : null;
      if (!tokens) throw new OAuthError('invalid_grant', 'The refresh token is invalid or was revoked.');
      return tokens;
    }
    if (body.grant_type !== 'authorization_code') throw new OAuthError('unsupported_grant_type', 'grant_type is not supported.');
    const raw = body.code ? await this.redis.shared().getdel(this.key(`code:${body.code}`)) : null;
    if (!raw) throw new OAuthError('invalid_grant', 'The code is invalid, expired or was already used.');
    const issued = JSON.parse(raw) as IssuedCode;
    if (body.client_id !== issued.clientId) throw new OAuthError('invalid_client', 'The code was issued to another client.');
    if (body.redirect_uri !== issued.redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri does not match.');
    if (!body.code_verifier || !isValidVerifier(body.code_verifier) || s256(body.code_verifier) !== issued.codeChallenge) {
      throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge.');
    }
    return this.accounts.issueTokens(issued.userId, issued.provider);
  }

  /** Where to send the person after signing out (the logout_uri, when allowed). */
  logout(q: AuthorizeQuery): string {
    if (q.client_id !== this.config.IDENTITY_CLIENT_ID) throw new OAuthError('invalid_client', 'Unknown client_id.');
    const target = this.allowedRedirect(q.logout_uri);
    if (!target) throw new OAuthError('invalid_request', 'logout_uri is not allowed for this client.');
    return target;
  }

  /** Redirects may only go back to the product's own origins. */
  private allowedRedirect(uri: string | undefined): string | null {
    if (!uri) return null;
    try {
      const url = new URL(uri);
      const origins = new Set([
        new URL(this.config.PUBLIC_URL).origin,
        ...this.config.CORS_ORIGINS.map((o) => new URL(o).origin),
      ]);
      return origins.has(url.origin) && !url.hash ? url.toString() : null;
    } catch {
      return null;
    }
  }

  private key(suffix: string) {
    return `${this.redis.prefix}:hosted-login:${suffix}`;
  }
}
