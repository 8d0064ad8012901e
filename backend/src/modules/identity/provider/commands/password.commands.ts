import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PasswordChanged, PasswordReset, PasswordResetRequested } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { passwordPolicyViolation } from '../domain/password-policy';
import { accounts } from '../infra/accounts.repository';
import { CodeDelivery } from '../infra/code-delivery';
import { IdentityTokens } from '../infra/identity-tokens';
import { CommitThenFail, IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { hashPassword, verifyPassword } from '../infra/password-hashing';
import { RateLimiter } from '../infra/rate-limiter';
import { sessions } from '../infra/sessions.repository';
import { invalidParameter, invalidPassword, messages, notAuthorized, userNotFound } from '../protocol/protocol-errors';
import { accountKey, assertClient, IdentityCommand } from './command-support';

export class ForgotPassword extends IdentityCommand<'ForgotPassword'> {}
export class ConfirmForgotPassword extends IdentityCommand<'ConfirmForgotPassword'> {}
export class ChangePassword extends IdentityCommand<'ChangePassword'> {}

function assertPolicy(password: string) {
  const violation = passwordPolicyViolation(password);
  if (violation) throw invalidPassword(violation);
}

@CommandHandler(ForgotPassword)
export class ForgotPasswordHandler implements ICommandHandler<ForgotPassword> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly codes: CodeDelivery,
    private readonly limits: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, call }: ForgotPassword) {
    assertClient(input.ClientId, this.config);
    const key = accountKey(input.Username);
    await this.limits.takeCodeRequest(key, call.address);
    return this.work.run(async (work) => {
      const account = await accounts.byEmail(work.em, key, true);
      if (!account) throw userNotFound(messages.userNotFound);
      if (!account.emailVerified && account.status === 'UNCONFIRMED') {
        throw invalidParameter('Cannot reset password for the user as there is no registered/verified email or phone_number');
      }
      const delivery = await this.codes.send(work, account.userId, 'password-reset', account.email);
      work.record(account.userId, { type: PasswordResetRequested.type, payload: { userId: account.userId } });
      return { CodeDeliveryDetails: delivery };
    });
  }
}

/** Sets the new password with the emailed code; every sign-in session of the account is revoked. */
@CommandHandler(ConfirmForgotPassword)
export class ConfirmForgotPasswordHandler implements ICommandHandler<ConfirmForgotPassword> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly codes: CodeDelivery,
    private readonly limits: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input }: ConfirmForgotPassword) {
    assertClient(input.ClientId, this.config);
    assertPolicy(input.Password);
    const passwordHash = await hashPassword(input.Password);
    const key = accountKey(input.Username);
    const answer = await this.work.run(async (work) => {
      const account = await accounts.byEmail(work.em, key, true);
      if (!account) throw userNotFound(messages.userNotFound);
      await this.codes.redeem(work, account.userId, 'password-reset', input.ConfirmationCode);
      const status = account.status === 'FORCE_CHANGE_PASSWORD' ? 'CONFIRMED' : account.status;
      await accounts.update(work.em, account.userId, { passwordHash, status });
      await sessions.revokeAll(work.em, account.userId);
      work.record(account.userId, { type: PasswordReset.type, payload: { userId: account.userId } });
      return {};
    });
    await this.limits.clearSignInFailures(key);
    return answer;
  }
}

@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    private readonly limits: RateLimiter,
  ) {}

  async execute({ input, call }: ChangePassword) {
    assertPolicy(input.ProposedPassword);
    const passwordHash = await hashPassword(input.ProposedPassword);
    return this.work.run(async (work) => {
      const account = await this.tokens.authenticate(work.em, input.AccessToken, true);
      await this.limits.assertSignInAllowed(account.email, call.address);
      if (!(await verifyPassword(account.passwordHash, input.PreviousPassword))) {
        await this.limits.recordSignInFailure(account.email, call.address);
        throw new CommitThenFail(notAuthorized(messages.incorrectCredentials));
      }
      await accounts.update(work.em, account.userId, { passwordHash });
      work.record(account.userId, { type: PasswordChanged.type, payload: { userId: account.userId, via: 'change-password' } });
      return {};
    });
  }
}
