import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UserAttributesUpdated } from '@sparkhouse/contracts';
import { normalizeEmail } from '../domain/password-policy';
import { readAttributes } from '../domain/user-attributes';
import { accounts } from '../infra/accounts.repository';
import { CodeDelivery } from '../infra/code-delivery';
import { IdentityTokens } from '../infra/identity-tokens';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { aliasExists, invalidParameter } from '../domain/protocol-errors';
import { IdentityCommand } from '../infra/call-support';

export class UpdateUserAttributes extends IdentityCommand<'UpdateUserAttributes'> {}

/**
 * A changed email is unverified until its emailed code is confirmed (VerifyUserAttribute); so is a
 * changed phone number, whose code goes out as a text message.
 */
@CommandHandler(UpdateUserAttributes)
export class UpdateUserAttributesHandler implements ICommandHandler<UpdateUserAttributes> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    private readonly codes: CodeDelivery,
  ) {}

  async execute({ input }: UpdateUserAttributes) {
    const given = readAttributes(input.UserAttributes);
    const email = given.email === undefined ? undefined : normalizeEmail(given.email);
    if (email === null) throw invalidParameter('Email is not formatted correctly.');
    return this.work.run(async (work) => {
      const account = await this.tokens.authenticate(work.em, input.AccessToken, true);
      const { userId } = account;
      const emailChanged = email !== undefined && email !== account.email;
      if (emailChanged && (await accounts.byEmail(work.em, email)))
        throw aliasExists('An account with the given email already exists.');
      const attributes = { ...account.attributes, ...given.profile };
      const phone = given.profile.phone_number;
      const phoneChanged = phone !== undefined && phone !== (account.attributes.phone_number ?? '');
      if (phoneChanged) attributes.phone_number_verified = 'false';
      if (phone === '') {
        delete attributes.phone_number;
        delete attributes.phone_number_verified;
      }
      await accounts.update(work.em, userId, {
        attributes,
        ...(emailChanged ? { email, emailVerified: false } : {}),
      });
      const changed = { ...given.profile, ...(emailChanged ? { email } : {}) };
      work.record(userId, { type: UserAttributesUpdated.type, payload: { userId, attributes: changed, emailChanged } });
      const list = [];
      if (emailChanged) list.push(await this.codes.send(work, userId, 'email-verification', email));
      if (phoneChanged && phone) list.push(await this.codes.send(work, userId, 'phone-verification', phone));
      return { CodeDeliveryDetailsList: list };
    });
  }
}
