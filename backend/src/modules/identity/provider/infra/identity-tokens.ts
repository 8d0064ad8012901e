import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Db } from '../../../../platform/database/database';
import { identityProtocol } from '@sparkhouse/contracts';
import { AccessTokens, InvalidTokenError } from '../../../../platform/auth/access-tokens';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { messages, notAuthorized, userNotFound } from '../domain/protocol-errors';
import { accounts, type Account } from './accounts.repository';
import { sessions } from './sessions.repository';

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

export type ChallengeName =
  | 'PASSWORD_VERIFIER'
  | 'NEW_PASSWORD_REQUIRED'
  | 'SOFTWARE_TOKEN_MFA'
  | 'SMS_MFA'
  | 'SELECT_MFA_TYPE'
  | 'MFA_SETUP'
  | 'DEVICE_SRP_AUTH'
  | 'DEVICE_PASSWORD_VERIFIER'
  | 'CUSTOM_CHALLENGE';

/** What a challenge session carries from one step of a sign-in to the next (signed, readable by the client). */
export interface ChallengeContext {
  /** The device the client signs in from (its DEVICE_KEY), once the provider knows it is the user's. */
  deviceKey?: string;
  /** A second factor (or its set-up) was given in this sign-in. */
  mfaDone?: boolean;
  /** Id of the server-side state of this step (ChallengeState). */
  state?: string;
  /** CUSTOM_AUTH: the challenges answered so far, with their results. */
  history?: [string, boolean][];
  /** The flow the client started: CUSTOM_AUTH goes on to custom challenges after the password. */
  flow?: 'custom';
}

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
    em: Db,
    account: Account,
    clientId: string,
    deviceKey: string | null = null,
  ): Promise<{ sessionId: string; result: AuthenticationResult }> {
    const sessionId = randomUUID();
    await sessions.open(em, sessionId, account.userId, clientId, deviceKey);
    const refresh = await sessions.issueRefreshToken(em, sessionId, this.config.IDENTITY_REFRESH_TOKEN_DAYS);
    return { sessionId, result: { ...(await this.sign(account, sessionId, clientId, deviceKey)), RefreshToken: refresh } };
  }

  /** `deviceKey`: the device this sign-in is bound to (the access token's device_key claim, as the hosted pool). */
  async sign(
    account: Account,
    sessionId: string,
    clientId: string,
    deviceKey: string | null = null,
  ): Promise<AuthenticationResult> {
    const authTime = Math.floor(Date.now() / 1000);
    const common = { sub: account.userId, 'cognito:groups': account.groups, origin_jti: sessionId, auth_time: authTime };
    const AccessToken = await this.tokens.sign(
      {
        ...common,
        token_use: 'access',
        scope: identityProtocol.adminScope,
        username: account.userId,
        client_id: clientId,
        ...(deviceKey ? { device_key: deviceKey } : {}),
      },
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
  async authenticate(em: Db, accessToken: string, lock = false): Promise<Account> {
    return (await this.authenticateWithClaims(em, accessToken, lock)).account;
  }

  /** As `authenticate`, with the device the token is bound to (null when none). */
  async authenticateWithClaims(
    em: Db,
    accessToken: string,
    lock = false,
  ): Promise<{ account: Account; deviceKey: string | null }> {
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
    return { account, deviceKey: typeof claims.device_key === 'string' ? claims.device_key : null };
  }

  async challenge(
    user: { userId: string },
    challenge: ChallengeName,
    clientId: string,
    context: ChallengeContext = {},
  ): Promise<string> {
    return this.tokens.sign(
      { sub: user.userId, token_use: 'challenge', challenge, client_id: clientId, ctx: context },
      identityProtocol.challengeSessionTtlSeconds,
    );
  }

  /** The user id a challenge session was issued to, when it is genuine, unexpired and for this challenge. */
  async readChallenge(session: string, challenge: ChallengeName, clientId: string): Promise<string> {
    return (await this.readChallengeContext(session, [challenge], clientId)).userId;
  }

  /** The user id, the challenge and the context of a genuine, unexpired session for one of `challenges`. */
  async readChallengeContext(
    session: string,
    challenges: ChallengeName[],
    clientId: string,
  ): Promise<{ userId: string; challenge: ChallengeName; context: ChallengeContext }> {
    try {
      const claims = await this.tokens.verifyClaims(session, 'challenge');
      const challenge = claims.challenge as ChallengeName;
      if (challenges.includes(challenge) && claims.client_id === clientId) {
        const context = typeof claims.ctx === 'object' && claims.ctx !== null ? (claims.ctx as ChallengeContext) : {};
        return { userId: claims.sub, challenge, context };
      }
    } catch (err) {
      if (!(err instanceof InvalidTokenError)) throw err;
    }
    throw notAuthorized(messages.invalidSession);
  }
}
