import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { accounts } from '../infra/accounts.repository';
import { CodeDelivery } from '../infra/code-delivery';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { deliveryDetails } from '../infra/code-delivery';
import { RateLimiter } from '../infra/rate-limiter';
import { invalidParameter } from '../domain/protocol-errors';
import { accountKey, assertClient, IdentityCommand } from '../infra/call-support';

export class ResendConfirmationCode extends IdentityCommand<'ResendConfirmationCode'> {}

@CommandHandler(ResendConfirmationCode)
export class ResendConfirmationCodeHandler implements ICommandHandler<ResendConfirmationCode> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly codes: CodeDelivery,
    private readonly limits: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, call }: ResendConfirmationCode) {
    assertClient(input.ClientId, this.config);
    const key = accountKey(input.Username);
    await this.limits.takeCodeRequest(key, call.address);
    return this.work.run(async (work) => {
      const account = key ? await accounts.byEmail(work.em, key, true) : null;
      // no account: the answer a real one gets, and nothing sent
      if (!account) return { CodeDeliveryDetails: deliveryDetails(key || input.Username.trim().toLowerCase()) };
      if (account.status !== 'UNCONFIRMED') throw invalidParameter('User is already confirmed.');
      return { CodeDeliveryDetails: await this.codes.send(work, account.userId, 'sign-up', account.email) };
    });
  }
}
