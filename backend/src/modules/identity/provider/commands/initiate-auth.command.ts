import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database';
import { RefreshTokenReuseDetected, TokensRefreshed } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { accounts } from '../infra/accounts.repository';
import { devices } from '../infra/devices.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import { CommitThenFail, IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { verifyPassword } from '../infra/password-hashing';
import { RateLimiter } from '../infra/rate-limiter';
import { sessions } from '../infra/sessions.repository';
import { SrpCredentials } from '../infra/srp-credentials';
import { invalidParameter, messages, notAuthorized } from '../domain/protocol-errors';
import { SignInSteps } from '../infra/sign-in-steps';
import { accountKey, answerNoSoonerThan, assertClient, IdentityCommand, type CallInfo } from '../infra/call-support';

export class InitiateAuth extends IdentityCommand<'InitiateAuth'> {}

/**
 * InitiateAuth: USER_SRP_AUTH (what Amplify and amazon-cognito-identity-js use), USER_PASSWORD_AUTH,
 * CUSTOM_AUTH (with or without SRP_A first) and REFRESH_TOKEN(_AUTH).
 */
@CommandHandler(InitiateAuth)
export class InitiateAuthHandler implements ICommandHandler<InitiateAuth> {
  constructor(
    private readonly orm: Database,
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    private readonly limits: RateLimiter,
    private readonly steps: SignInSteps,
    private readonly srp: SrpCredentials,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: InitiateAuth) {
    const flow = command.input.AuthFlow;
    if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') return this.start(command);
    return answerNoSoonerThan(this.config.IDENTITY_UNIFORM_ANSWER_MS, () => this.start(command));
  }

  private async start({ input, call }: InitiateAuth) {
    assertClient(input.ClientId, this.config);
    const params = input.AuthParameters ?? {};
    const username = params.USERNAME ?? '';
    switch (input.AuthFlow) {
      case 'USER_SRP_AUTH':
        return this.steps.beginPasswordVerifier(username, params.SRP_A ?? '', input.ClientId, call.address, {
          deviceKey: params.DEVICE_KEY || undefined,
        });
      case 'CUSTOM_AUTH':
        if (params.SRP_A) {
          return this.steps.beginPasswordVerifier(username, params.SRP_A, input.ClientId, call.address, {
            deviceKey: params.DEVICE_KEY || undefined,
            flow: 'custom',
          });
        }
        return this.steps.beginCustom(username, input.ClientId, call.address);
      case 'USER_PASSWORD_AUTH':
        return this.withPassword(username, params.PASSWORD ?? '', params.DEVICE_KEY ?? '', input.ClientId, call);
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN':
        if (!params.REFRESH_TOKEN) throw invalidParameter('Missing required parameter REFRESH_TOKEN');
        return this.withRefreshToken(params.REFRESH_TOKEN, input.ClientId);
      default:
        throw invalidParameter(`Initiate Auth method not supported: ${input.AuthFlow.slice(0, 64)}`);
    }
  }

  private async withPassword(username: string, password: string, deviceKey: string, clientId: string, call: CallInfo) {
    if (!username) throw invalidParameter('Username cannot be empty');
    if (!password) throw invalidParameter('Password cannot be empty');
    const key = accountKey(username);
    await this.limits.assertSignInAllowed(key, call.address);
    const em = this.orm.em.fork();
    const account = key ? await accounts.byEmail(em, key) : null;
    if (!(await verifyPassword(account?.passwordHash || null, password)) || !account) {
      await this.steps.recordFailure(account?.userId ?? null, key, 'incorrect-password', call.address);
      throw notAuthorized(messages.incorrectCredentials);
    }
    // an account from before SRP gets its verifier the first time its password is seen
    if (!account.srpVerifier && account.status !== 'UNCONFIRMED') {
      const credentials = await this.srp.forPassword(account.userId, password);
      await accounts.update(em, account.userId, credentials);
      Object.assign(account, credentials);
    }
    const device = deviceKey ? await devices.find(em, account.userId, deviceKey) : null;
    return this.steps.afterPassword(account, clientId, { deviceKey: device?.deviceKey }, 'password');
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
      const result = await this.tokens.sign(account, sessionId, clientId, row.deviceKey);
      work.record(userId, { type: TokensRefreshed.type, payload: { userId, sessionId } });
      return { AuthenticationResult: { ...result, RefreshToken }, ChallengeParameters: {} };
    });
  }
}
