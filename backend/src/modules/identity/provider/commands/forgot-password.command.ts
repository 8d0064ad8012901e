import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PasswordResetRequested, UnknownUserAttempted } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { accounts } from '../infra/accounts.repository';
import { CodeDelivery, deliveryDetails } from '../infra/code-delivery';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { PoolSecret } from '../infra/pool-secret';
import { RateLimiter } from '../infra/rate-limiter';
import { invalidParameter } from '../domain/protocol-errors';
import { accountKey, answerNoSoonerThan, assertClient, IdentityCommand } from '../infra/call-support';

export class ForgotPassword extends IdentityCommand<'ForgotPassword'> {}

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
