import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CodeDelivery } from '../infra/code-delivery';
import { IdentityTokens } from '../infra/identity-tokens';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { RateLimiter } from '../infra/rate-limiter';
import { invalidParameter } from '../domain/protocol-errors';
import { IdentityCommand } from '../infra/call-support';
import { verifiable } from '../infra/attribute-rules';

export class GetUserAttributeVerificationCode extends IdentityCommand<'GetUserAttributeVerificationCode'> {}

@CommandHandler(GetUserAttributeVerificationCode)
export class GetUserAttributeVerificationCodeHandler implements ICommandHandler<GetUserAttributeVerificationCode> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    private readonly codes: CodeDelivery,
    private readonly limits: RateLimiter,
  ) {}

  async execute({ input, call }: GetUserAttributeVerificationCode) {
    const name = verifiable(input.AttributeName);
    return this.work.run(async (work) => {
      const account = await this.tokens.authenticate(work.em, input.AccessToken, true);
      const phone = account.attributes.phone_number;
      if (name === 'phone_number' && !phone) throw invalidParameter('User has no phone_number attribute.');
      await this.limits.takeCodeRequest(account.email, call.address);
      const delivery =
        name === 'email'
          ? await this.codes.send(work, account.userId, 'email-verification', account.email)
          : await this.codes.send(work, account.userId, 'phone-verification', phone);
      return { CodeDeliveryDetails: delivery };
    });
  }
}
