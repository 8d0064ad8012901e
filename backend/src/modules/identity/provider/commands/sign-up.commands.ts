import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EmailConfirmed, UserAddedToGroup, UserSignedUp } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { normalizeEmail, passwordPolicyViolation } from '../domain/password-policy';
import { readAttributes } from '../domain/user-attributes';
import { accounts } from '../infra/accounts.repository';
import { CodeDelivery } from '../infra/code-delivery';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { hashPassword } from '../infra/password-hashing';
import { deliveryDetails } from '../infra/code-delivery';
import { RateLimiter } from '../infra/rate-limiter';
import { SrpCredentials } from '../infra/srp-credentials';
import {
  codeMismatch,
  invalidParameter,
  invalidPassword,
  messages,
  notAuthorized,
  usernameExists,
} from '../domain/protocol-errors';
import { accountKey, assertClient, groupsAtConfirmation, IdentityCommand } from '../infra/call-support';

export class SignUp extends IdentityCommand<'SignUp'> {}
export class ConfirmSignUp extends IdentityCommand<'ConfirmSignUp'> {}
export class ResendConfirmationCode extends IdentityCommand<'ResendConfirmationCode'> {}

@CommandHandler(SignUp)
export class SignUpHandler implements ICommandHandler<SignUp> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly codes: CodeDelivery,
    private readonly srp: SrpCredentials,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input }: SignUp) {
    assertClient(input.ClientId, this.config);
    const email = normalizeEmail(input.Username);
    if (!email) throw invalidParameter('Email is not formatted correctly.');
    const given = readAttributes(input.UserAttributes ?? []);
    if (given.email !== undefined && normalizeEmail(given.email) !== email) {
      throw invalidParameter('The email attribute must match the username.');
    }
    const violation = passwordPolicyViolation(input.Password);
    if (violation) throw invalidPassword(violation);
    const passwordHash = await hashPassword(input.Password);
    const userId = randomUUID();
    const credentials = await this.srp.forPassword(userId, input.Password);
    return this.work.run(async (work) => {
      if (await accounts.byEmail(work.em, email, true)) throw usernameExists('An account with the given email already exists.');
      await accounts.insert(work.em, {
        userId,
        email,
        emailVerified: false,
        passwordHash,
        status: 'UNCONFIRMED',
        attributes: given.profile,
        groups: [],
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        mfaEnabled: false,
        ...credentials,
      });
      work.record(userId, { type: UserSignedUp.type, payload: { userId, email, attributes: given.profile } });
      const delivery = await this.codes.send(work, userId, 'sign-up', email);
      return { UserConfirmed: false, UserSub: userId, CodeDeliveryDetails: delivery };
    });
  }
}

@CommandHandler(ConfirmSignUp)
export class ConfirmSignUpHandler implements ICommandHandler<ConfirmSignUp> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly codes: CodeDelivery,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input }: ConfirmSignUp) {
    assertClient(input.ClientId, this.config);
    return this.work.run(async (work) => {
      const account = await accounts.byEmail(work.em, accountKey(input.Username), true);
      // no account answers as a wrong code does
      if (!account) throw codeMismatch(messages.codeMismatch);
      if (account.status !== 'UNCONFIRMED') {
        throw notAuthorized(`User cannot be confirmed. Current status is ${account.status}`);
      }
      await this.codes.redeem(work, account.userId, 'sign-up', input.ConfirmationCode);
      const groups = groupsAtConfirmation(account.email, account.groups, this.config);
      await accounts.update(work.em, account.userId, { status: 'CONFIRMED', emailVerified: true, groups });
      const { userId, email } = account;
      work.record(userId, { type: EmailConfirmed.type, payload: { userId, email, via: 'sign-up' } });
      for (const group of groups.filter((g) => !account.groups.includes(g))) {
        work.record(userId, { type: UserAddedToGroup.type, payload: { userId, group } });
      }
      return {};
    });
  }
}

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
