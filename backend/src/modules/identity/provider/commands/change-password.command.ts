import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PasswordChanged } from '@sparkhouse/contracts';
import { accounts } from '../infra/accounts.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import { CommitThenFail, IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { hashPassword, verifyPassword } from '../infra/password-hashing';
import { RateLimiter } from '../infra/rate-limiter';
import { SrpCredentials } from '../infra/srp-credentials';
import { messages, notAuthorized } from '../domain/protocol-errors';
import { IdentityCommand } from '../infra/call-support';
import { assertPolicy } from '../infra/password-checks';

export class ChangePassword extends IdentityCommand<'ChangePassword'> {}

@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
    private readonly limits: RateLimiter,
    private readonly srp: SrpCredentials,
  ) {}

  async execute({ input, call }: ChangePassword) {
    assertPolicy(input.ProposedPassword);
    const passwordHash = await hashPassword(input.ProposedPassword);
    return this.work.run(async (work) => {
      const account = await this.tokens.authenticate(work.em, input.AccessToken, true);
      await this.limits.assertSignInAllowed(account.email, call.address);
      if (!(await verifyPassword(account.passwordHash, input.PreviousPassword))) {
        await this.limits.recordSignInFailure(account.email, call.address);
        throw new CommitThenFail(notAuthorized(messages.incorrectCredentials));
      }
      const credentials = await this.srp.forPassword(account.userId, input.ProposedPassword);
      await accounts.update(work.em, account.userId, { passwordHash, ...credentials });
      work.record(account.userId, { type: PasswordChanged.type, payload: { userId: account.userId, via: 'change-password' } });
      return {};
    });
  }
}
