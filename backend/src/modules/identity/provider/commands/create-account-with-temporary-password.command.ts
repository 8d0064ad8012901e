import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UserAddedToGroup, UserCreatedWithTemporaryPassword } from '@sparkhouse/contracts';
import { normalizeEmail, passwordPolicyViolation } from '../domain/password-policy';
import { accounts } from '../infra/accounts.repository';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { hashPassword } from '../infra/password-hashing';
import { SrpCredentials } from '../infra/srp-credentials';
import { invalidParameter, invalidPassword, usernameExists } from '../domain/protocol-errors';

/**
 * An account made by an operator or a seed (not a protocol action): its first sign-in answers
 * NEW_PASSWORD_REQUIRED until a password of the user's own replaces the temporary one.
 */
export class CreateAccountWithTemporaryPassword {
  constructor(
    readonly email: string,
    readonly temporaryPassword: string,
    readonly groups: string[] = [],
    readonly attributes: Record<string, string> = {},
  ) {}
}

@CommandHandler(CreateAccountWithTemporaryPassword)
export class CreateAccountWithTemporaryPasswordHandler implements ICommandHandler<CreateAccountWithTemporaryPassword> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly srp: SrpCredentials,
  ) {}

  async execute(command: CreateAccountWithTemporaryPassword): Promise<{ userId: string }> {
    const email = normalizeEmail(command.email);
    if (!email) throw invalidParameter('Email is not formatted correctly.');
    const violation = passwordPolicyViolation(command.temporaryPassword);
    if (violation) throw invalidPassword(violation);
    const passwordHash = await hashPassword(command.temporaryPassword);
    const userId = randomUUID();
    const credentials = await this.srp.forPassword(userId, command.temporaryPassword);
    return this.work.run(async (work) => {
      if (await accounts.byEmail(work.em, email, true)) throw usernameExists('An account with the given email already exists.');
      const { groups, attributes } = command;
      await accounts.insert(work.em, {
        userId,
        email,
        emailVerified: false,
        passwordHash,
        status: 'FORCE_CHANGE_PASSWORD',
        attributes,
        groups,
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        mfaEnabled: false,
        ...credentials,
      });
      work.record(userId, { type: UserCreatedWithTemporaryPassword.type, payload: { userId, email, attributes } });
      for (const group of groups) work.record(userId, { type: UserAddedToGroup.type, payload: { userId, group } });
      return { userId };
    });
  }
}
