import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UserDeleted } from '@sparkhouse/contracts';
import { accounts } from '../infra/accounts.repository';
import { IdentityTokens } from '../infra/identity-tokens';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';
import { IdentityCommand } from '../infra/call-support';

export class DeleteUser extends IdentityCommand<'DeleteUser'> {}

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
