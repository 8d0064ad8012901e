import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PasswordReset } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { accounts } from '../infra/accounts.repository';
import { CodeDelivery } from '../infra/code-delivery';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { hashPassword } from '../infra/password-hashing';
import { RateLimiter } from '../infra/rate-limiter';
import { SrpCredentials } from '../infra/srp-credentials';
import { sessions } from '../infra/sessions.repository';
import { codeMismatch, messages } from '../domain/protocol-errors';
import { accountKey, assertClient, IdentityCommand } from '../infra/call-support';
import { assertPolicy } from '../infra/password-checks';

export class ConfirmForgotPassword extends IdentityCommand<'ConfirmForgotPassword'> {}

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
