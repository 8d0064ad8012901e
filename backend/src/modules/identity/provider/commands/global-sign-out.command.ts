import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SignedOut } from '@sparkhouse/contracts';
import { IdentityTokens } from '../infra/identity-tokens';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { sessions } from '../infra/sessions.repository';
import { IdentityCommand } from '../infra/call-support';

export class GlobalSignOut extends IdentityCommand<'GlobalSignOut'> {}

/** Revokes every sign-in session: their refresh tokens stop working and their access tokens fail protocol calls. */
@CommandHandler(GlobalSignOut)
export class GlobalSignOutHandler implements ICommandHandler<GlobalSignOut> {
  constructor(
    private readonly work: IdentityUnitOfWork,
    private readonly tokens: IdentityTokens,
  ) {}

  async execute({ input }: GlobalSignOut) {
    return this.work.run(async (work) => {
      const account = await this.tokens.authenticate(work.em, input.AccessToken, true);
      const count = await sessions.revokeAll(work.em, account.userId);
      work.record(account.userId, {
        type: SignedOut.type,
        payload: { userId: account.userId, scope: 'global', sessions: count },
      });
      return {};
    });
  }
}
