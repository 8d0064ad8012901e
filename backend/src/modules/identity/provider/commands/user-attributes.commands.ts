import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  EmailConfirmed,
  MfaDisabled,
  PhoneNumberVerified,
  UserAddedToGroup,
  UserAttributesDeleted,
  UserAttributesUpdated,
  UserDeleted,
} from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { normalizeEmail } from '../domain/password-policy';
import { readAttributes } from '../domain/user-attributes';
import { accounts } from '../infra/accounts.repository';
import { CodeDelivery } from '../infra/code-delivery';
import { IdentityTokens } from '../infra/identity-tokens';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { RateLimiter } from '../infra/rate-limiter';
import { aliasExists, invalidParameter } from '../domain/protocol-errors';
import { groupsAtConfirmation, IdentityCommand } from '../infra/call-support';

export class UpdateUserAttributes extends IdentityCommand<'UpdateUserAttributes'> {}
export class DeleteUserAttributes extends IdentityCommand<'DeleteUserAttributes'> {}
export class GetUserAttributeVerificationCode extends IdentityCommand<'GetUserAttributeVerificationCode'> {}
export class VerifyUserAttribute extends IdentityCommand<'VerifyUserAttribute'> {}
export class DeleteUser extends IdentityCommand<'DeleteUser'> {}

const REQUIRED = new Set(['email', 'email_verified', 'sub', 'phone_number_verified']);
const verifiable = (name: string): 'email' | 'phone_number' => {
  if (name !== 'email' && name !== 'phone_number') {
    throw invalidParameter(`Only the email and phone_number attributes can be verified, not ${name.slice(0, 64)}`);
  }
  return name;
};

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

/** Removes the account with its codes and sessions; its event stream stays. */
@CommandHandler(DeleteUser)
export class DeleteUserHandler implements ICommandHandler<DeleteUser> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
  ) {}

  async execute({ input }: DeleteUser) {
    return this.work.run(async (work) => {
      const account = await this.tokens.authenticate(work.em, input.AccessToken, true);
      await accounts.remove(work.em, account.userId);
      work.record(account.userId, { type: UserDeleted.type, payload: { userId: account.userId } });
      return {};
    });
  }
}
