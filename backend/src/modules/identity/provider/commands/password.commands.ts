import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PasswordChanged, PasswordReset, PasswordResetRequested, UnknownUserAttempted } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { passwordPolicyViolation } from '../domain/password-policy';
import { accounts } from '../infra/accounts.repository';
import { CodeDelivery, deliveryDetails } from '../infra/code-delivery';
import { IdentityTokens } from '../infra/identity-tokens';
import { CommitThenFail, IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { hashPassword, verifyPassword } from '../infra/password-hashing';
import { PoolSecret } from '../infra/pool-secret';
import { RateLimiter } from '../infra/rate-limiter';
import { SrpCredentials } from '../infra/srp-credentials';
import { sessions } from '../infra/sessions.repository';
import { codeMismatch, invalidParameter, invalidPassword, messages, notAuthorized } from '../domain/protocol-errors';
import { accountKey, answerNoSoonerThan, assertClient, IdentityCommand } from '../infra/call-support';

export class ForgotPassword extends IdentityCommand<'ForgotPassword'> {}
export class ConfirmForgotPassword extends IdentityCommand<'ConfirmForgotPassword'> {}
export class ChangePassword extends IdentityCommand<'ChangePassword'> {}

function assertPolicy(password: string) {
  const violation = passwordPolicyViolation(password);
  if (violation) throw invalidPassword(violation);
}

/**
 * Emails a reset code. A username without an account gets the same answer (status, shape, a
 * destination masked from the username) after the same kind of transaction, and nothing is sent.
 */
@CommandHandler(ForgotPassword)
export class ForgotPasswordHandler implements ICommandHandler<ForgotPassword> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly codes: CodeDelivery,
    private readonly limits: RateLimiter,
    private readonly secret: PoolSecret,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute(command: ForgotPassword) {
    return answerNoSoonerThan(this.config.IDENTITY_UNIFORM_ANSWER_MS, () => this.request(command));
  }

  private async request({ input, call }: ForgotPassword) {
    assertClient(input.ClientId, this.config);
    const key = accountKey(input.Username);
    const asTyped = key || input.Username.trim().toLowerCase();
    await this.limits.takeCodeRequest(asTyped, call.address);
    const digest = await this.secret.usernameDigest(asTyped);
    return this.work.run(async (work) => {
      const account = key ? await accounts.byEmail(work.em, key, true) : null;
      if (!account) {
        work.recordUnknown(digest, {
          type: UnknownUserAttempted.type,
          payload: { usernameDigest: digest, action: 'password-reset' },
        });
        return { CodeDeliveryDetails: deliveryDetails(asTyped) };
      }
      if (!account.emailVerified && account.status === 'UNCONFIRMED') {
        throw invalidParameter('Cannot reset password for the user as there is no registered/verified email or phone_number');
      }
      const delivery = await this.codes.send(work, account.userId, 'password-reset', account.email);
      work.record(account.userId, { type: PasswordResetRequested.type, payload: { userId: account.userId } });
      return { CodeDeliveryDetails: delivery };
    });
  }
}

/**
 * Sets the new password with the emailed code; every sign-in session of the account is revoked.
 * A username without an account answers as a wrong code would.
 */
@CommandHandler(ConfirmForgotPassword)
export class ConfirmForgotPasswordHandler implements ICommandHandler<ConfirmForgotPassword> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly codes: CodeDelivery,
    private readonly limits: RateLimiter,
    private readonly srp: SrpCredentials,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input }: ConfirmForgotPassword) {
    assertClient(input.ClientId, this.config);
    assertPolicy(input.Password);
    const passwordHash = await hashPassword(input.Password);
    const key = accountKey(input.Username);
    const answer = await this.work.run(async (work) => {
      const account = key ? await accounts.byEmail(work.em, key, true) : null;
      if (!account) throw codeMismatch(messages.codeMismatch);
      await this.codes.redeem(work, account.userId, 'password-reset', input.ConfirmationCode);
      const status = account.status === 'FORCE_CHANGE_PASSWORD' ? 'CONFIRMED' : account.status;
      const credentials = await this.srp.forPassword(account.userId, input.Password);
      await accounts.update(work.em, account.userId, { passwordHash, ...credentials, status });
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
    private readonly srp: SrpCredentials,
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
      const credentials = await this.srp.forPassword(account.userId, input.ProposedPassword);
      await accounts.update(work.em, account.userId, { passwordHash, ...credentials });
      work.record(account.userId, { type: PasswordChanged.type, payload: { userId: account.userId, via: 'change-password' } });
      return {};
    });
  }
}
