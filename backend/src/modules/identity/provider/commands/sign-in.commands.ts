import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { RefreshTokenReuseDetected, SignInFailed, TokensRefreshed } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { accounts, type Account } from '../infra/accounts.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import { CommitThenFail, IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { verifyPassword } from '../infra/password-hashing';
import { RateLimiter } from '../infra/rate-limiter';
import { sessions } from '../infra/sessions.repository';
import { invalidParameter, messages, notAuthorized, userNotConfirmed } from '../protocol/protocol-errors';
import { accountKey, assertClient, IdentityCommand, type CallInfo } from './command-support';
import { completeSignIn } from './sign-in-completion';

export class InitiateAuth extends IdentityCommand<'InitiateAuth'> {}

@CommandHandler(InitiateAuth)
export class InitiateAuthHandler implements ICommandHandler<InitiateAuth> {
  constructor(
    private readonly orm: MikroORM,
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    private readonly limits: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, call }: InitiateAuth) {
    assertClient(input.ClientId, this.config);
    const params = input.AuthParameters ?? {};
    switch (input.AuthFlow) {
      case 'USER_PASSWORD_AUTH':
        return this.withPassword(params.USERNAME ?? '', params.PASSWORD ?? '', input.ClientId, call);
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN':
        if (!params.REFRESH_TOKEN) throw invalidParameter('Missing required parameter REFRESH_TOKEN');
        return this.withRefreshToken(params.REFRESH_TOKEN, input.ClientId);
      default:
        throw invalidParameter(`Initiate Auth method not supported: ${input.AuthFlow.slice(0, 64)}`);
    }
  }

  private async withPassword(username: string, password: string, clientId: string, call: CallInfo) {
    if (!username) throw invalidParameter('Username cannot be empty');
    if (!password) throw invalidParameter('Password cannot be empty');
    const key = accountKey(username);
    await this.limits.assertSignInAllowed(key, call.address);
    const account = key ? await accounts.byEmail(this.orm.em.fork(), key) : null;
    if (!(await verifyPassword(account?.passwordHash ?? null, password))) {
      await this.limits.recordSignInFailure(key, call.address);
      if (account) await this.recordFailure(account);
      throw notAuthorized(messages.incorrectCredentials);
    }
    if (!account) throw notAuthorized(messages.incorrectCredentials);
    if (account.status === 'UNCONFIRMED') throw userNotConfirmed('User is not confirmed.');
    await this.limits.clearSignInFailures(key);
    if (account.status === 'FORCE_CHANGE_PASSWORD') {
      return {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: await this.tokens.challenge(account, 'NEW_PASSWORD_REQUIRED', clientId),
        ChallengeParameters: {
          USER_ID_FOR_SRP: account.userId,
          requiredAttributes: '[]',
          userAttributes: JSON.stringify({ email: account.email, ...account.attributes }),
        },
      };
    }
    return this.work.run((work) => completeSignIn(work, this.tokens, account, clientId, 'password'));
  }

  private recordFailure(account: Account) {
    const { userId } = account;
    return this.work.run(async (work) => {
      work.record(userId, { type: SignInFailed.type, payload: { userId, reason: 'incorrect-password' } });
    });
  }

  /** Rotates: the presented token is spent and a new one answered; a spent token coming back revokes the session. */
  private withRefreshToken(token: string, clientId: string) {
    return this.work.run(async (work) => {
      const row = await sessions.findRefreshToken(work.em, token);
      if (!row || row.clientId !== clientId) throw notAuthorized('Invalid Refresh Token');
      if (row.revokedAt) throw notAuthorized('Refresh Token has been revoked');
      const { userId, sessionId } = row;
      if (row.rotatedAt) {
        await sessions.revoke(work.em, sessionId);
        work.record(userId, { type: RefreshTokenReuseDetected.type, payload: { userId, sessionId } });
        throw new CommitThenFail(notAuthorized('Refresh Token has been revoked'));
      }
      if (row.expiresAt.getTime() <= Date.now()) throw notAuthorized('Refresh Token has expired');
      const account = await accounts.byId(work.em, userId);
      if (!account) throw notAuthorized(messages.userDoesNotExist);
      await sessions.markRotated(work.em, token);
      const RefreshToken = await sessions.issueRefreshToken(work.em, sessionId, this.config.IDENTITY_REFRESH_TOKEN_DAYS);
      const result = await this.tokens.sign(account, sessionId, clientId);
      work.record(userId, { type: TokensRefreshed.type, payload: { userId, sessionId } });
      return { AuthenticationResult: { ...result, RefreshToken }, ChallengeParameters: {} };
    });
  }
}
