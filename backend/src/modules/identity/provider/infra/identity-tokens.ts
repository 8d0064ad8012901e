import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { identityProtocol } from '@sparkhouse/contracts';
import { AccessTokens, InvalidTokenError } from '../../../../platform/auth/access-tokens';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { messages, notAuthorized, userNotFound } from '../protocol/protocol-errors';
import { accounts, type Account } from './accounts.repository';
import { sessions } from './sessions.repository';

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

export type ChallengeName = 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA';

/**
 * Tokens as a hosted user pool issues them, signed with the platform's keys: RS256 access and id
 * tokens, an opaque refresh token per sign-in session, and short-lived signed challenge sessions.
 */
@Injectable()
export class IdentityTokens {
  constructor(
    private readonly tokens: AccessTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Opens a sign-in session (refresh-token family) and answers its first tokens. */
  async signIn(
    em: EntityManager,
    account: Account,
    clientId: string,
  ): Promise<{ sessionId: string; result: AuthenticationResult }> {
    const sessionId = randomUUID();
    await sessions.open(em, sessionId, account.userId, clientId);
    const refresh = await sessions.issueRefreshToken(em, sessionId, this.config.IDENTITY_REFRESH_TOKEN_DAYS);
    return { sessionId, result: { ...(await this.sign(account, sessionId, clientId)), RefreshToken: refresh } };
  }

  async sign(account: Account, sessionId: string, clientId: string): Promise<AuthenticationResult> {
    const authTime = Math.floor(Date.now() / 1000);
    const common = { sub: account.userId, 'cognito:groups': account.groups, origin_jti: sessionId, auth_time: authTime };
    const AccessToken = await this.tokens.sign(
      { ...common, token_use: 'access', scope: identityProtocol.adminScope, username: account.userId, client_id: clientId },
      identityProtocol.accessTokenTtlSeconds,
    );
    const a = account.attributes;
    const IdToken = await this.tokens.sign(
      {
        ...common,
        token_use: 'id',
        aud: clientId,
        'cognito:username': account.userId,
        email: account.email,
        email_verified: account.emailVerified,
        ...(a.given_name ? { given_name: a.given_name } : {}),
        ...(a.family_name ? { family_name: a.family_name } : {}),
      },
      identityProtocol.idTokenTtlSeconds,
    );
    return { AccessToken, IdToken, ExpiresIn: identityProtocol.accessTokenTtlSeconds, TokenType: 'Bearer' };
  }

  /**
   * The account behind an access token of a protocol call: valid signature and expiry, the admin
   * scope, an existing account and a sign-in session not revoked (GlobalSignOut, refresh-token reuse).
   */
  async authenticate(em: EntityManager, accessToken: string, lock = false): Promise<Account> {
    let claims;
    try {
      claims = await this.tokens.verifyClaims(accessToken, 'access');
    } catch (err) {
      if (!(err instanceof InvalidTokenError)) throw err;
      throw notAuthorized(err.message === 'Access Token has expired' ? err.message : 'Invalid Access Token');
    }
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    if (!scopes.includes(identityProtocol.adminScope)) throw notAuthorized(messages.missingScope);
    const account = await accounts.byId(em, claims.sub, lock);
    if (!account) throw userNotFound(messages.userDoesNotExist);
    const sessionId = typeof claims.origin_jti === 'string' ? claims.origin_jti : '';
    if (!sessionId || !(await sessions.isLive(em, sessionId, account.userId))) throw notAuthorized(messages.revoked);
    return account;
  }

  async challenge(account: Account, challenge: ChallengeName, clientId: string): Promise<string> {
    return this.tokens.sign(
      { sub: account.userId, token_use: 'challenge', challenge, client_id: clientId },
      identityProtocol.challengeSessionTtlSeconds,
    );
  }

  /** The user id a challenge session was issued to, when it is genuine, unexpired and for this challenge. */
  async readChallenge(session: string, challenge: ChallengeName, clientId: string): Promise<string> {
    try {
      const claims = await this.tokens.verifyClaims(session, 'challenge');
      if (claims.challenge === challenge && claims.client_id === clientId) return claims.sub;
    } catch (err) {
      if (!(err instanceof InvalidTokenError)) throw err;
    }
    throw notAuthorized(messages.invalidSession);
  }
}
