import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EmailConfirmed, PhoneNumberVerified, UserAddedToGroup } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { accounts } from '../infra/accounts.repository';
import { CodeDelivery } from '../infra/code-delivery';
import { IdentityTokens } from '../infra/identity-tokens';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { invalidParameter } from '../domain/protocol-errors';
import { groupsAtConfirmation, IdentityCommand } from '../infra/call-support';
import { verifiable } from '../infra/attribute-rules';

export class VerifyUserAttribute extends IdentityCommand<'VerifyUserAttribute'> {}

@CommandHandler(VerifyUserAttribute)
export class VerifyUserAttributeHandler implements ICommandHandler<VerifyUserAttribute> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    private readonly codes: CodeDelivery,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input }: VerifyUserAttribute) {
    const name = verifiable(input.AttributeName);
    return this.work.run(async (work) => {
      const account = await this.tokens.authenticate(work.em, input.AccessToken, true);
      const { userId, email } = account;
      if (name === 'phone_number') {
        if (!account.attributes.phone_number) throw invalidParameter('User has no phone_number attribute.');
        await this.codes.redeem(work, userId, 'phone-verification', input.Code);
        await accounts.update(work.em, userId, { attributes: { ...account.attributes, phone_number_verified: 'true' } });
        work.record(userId, { type: PhoneNumberVerified.type, payload: { userId } });
        return {};
      }
      await this.codes.redeem(work, userId, 'email-verification', input.Code);
      const groups = groupsAtConfirmation(email, account.groups, this.config);
      await accounts.update(work.em, userId, { emailVerified: true, groups });
      work.record(userId, { type: EmailConfirmed.type, payload: { userId, email, via: 'attribute-verification' } });
      for (const group of groups.filter((g) => !account.groups.includes(g))) {
        work.record(userId, { type: UserAddedToGroup.type, payload: { userId, group } });
      }
      return {};
    });
  }
}
