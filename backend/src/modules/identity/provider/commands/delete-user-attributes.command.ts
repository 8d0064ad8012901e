import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MfaDisabled, UserAttributesDeleted } from '@sparkhouse/contracts';
import { accounts } from '../infra/accounts.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { invalidParameter } from '../domain/protocol-errors';
import { IdentityCommand } from '../infra/call-support';

export class DeleteUserAttributes extends IdentityCommand<'DeleteUserAttributes'> {}

const REQUIRED = new Set(['email', 'email_verified', 'sub', 'phone_number_verified']);

@CommandHandler(DeleteUserAttributes)
export class DeleteUserAttributesHandler implements ICommandHandler<DeleteUserAttributes> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
  ) {}

  async execute({ input }: DeleteUserAttributes) {
    const required = input.UserAttributeNames.find((n) => REQUIRED.has(n));
    if (required) throw invalidParameter(`Cannot delete the required attribute ${required}`);
    return this.work.run(async (work) => {
      const account = await this.tokens.authenticate(work.em, input.AccessToken, true);
      const names = input.UserAttributeNames.filter((n) => n in account.attributes);
      if (names.length === 0) return {};
      if (names.includes('phone_number')) names.push('phone_number_verified');
      const attributes = Object.fromEntries(Object.entries(account.attributes).filter(([k]) => !names.includes(k)));
      const { userId } = account;
      // without a phone number there is no SMS factor
      const dropSms = names.includes('phone_number') && account.smsMfaEnabled;
      await accounts.update(work.em, userId, {
        attributes,
        ...(dropSms ? { smsMfaEnabled: false, ...(account.preferredMfa === 'SMS_MFA' ? { preferredMfa: null } : {}) } : {}),
      });
      work.record(userId, { type: UserAttributesDeleted.type, payload: { userId, names } });
      if (dropSms) work.record(userId, { type: MfaDisabled.type, payload: { userId, method: 'SMS_MFA' } });
      return {};
    });
  }
}
