import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UserSignedUp } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { normalizeEmail, passwordPolicyViolation } from '../domain/password-policy';
import { readAttributes } from '../domain/user-attributes';
import { accounts } from '../infra/accounts.repository';
import { CodeDelivery } from '../infra/code-delivery';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { hashPassword } from '../infra/password-hashing';
import { SrpCredentials } from '../infra/srp-credentials';
import { invalidParameter, invalidPassword, usernameExists } from '../domain/protocol-errors';
import { assertClient, IdentityCommand } from '../infra/call-support';

export class SignUp extends IdentityCommand<'SignUp'> {}

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
