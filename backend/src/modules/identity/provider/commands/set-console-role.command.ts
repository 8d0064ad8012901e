import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UserAddedToGroup, UserRemovedFromGroup, type NewEvent } from '@sparkhouse/contracts';
import { roleOfGroups, withConsoleRole, type ConsoleRoleName } from '../domain/console-roles';
import { accounts } from '../infra/accounts.repository';
import { IdentityUnitOfWork } from '../infra/identity-unit-of-work';

/** Give an account (by email) the console's operator or viewer role, or take it away ('none'). */
export class SetConsoleRole {
  constructor(
    readonly email: string,
    readonly role: 'operator' | 'viewer' | 'none',
  ) {}
}

export type ConsoleRoleSet = { userId: string; email: string; role: ConsoleRoleName | null } | null;

/** Answers the account's role after the change; null when no account has that email. */
@CommandHandler(SetConsoleRole)
export class SetConsoleRoleHandler implements ICommandHandler<SetConsoleRole, ConsoleRoleSet> {
  constructor(private readonly work: IdentityUnitOfWork) {}

  async execute({ email, role }: SetConsoleRole): Promise<ConsoleRoleSet> {
    return this.work.run(async (work) => {
      const account = await accounts.byEmail(work.em, email.trim().toLowerCase(), true);
      if (!account) return null;
      const { groups, removed, added } = withConsoleRole(account.groups, role);
      if (removed.length > 0 || added.length > 0) {
        await accounts.update(work.em, account.userId, { groups });
        const events: NewEvent[] = [
          ...removed.map((group) => ({ type: UserRemovedFromGroup.type, payload: { userId: account.userId, group } })),
          ...added.map((group) => ({ type: UserAddedToGroup.type, payload: { userId: account.userId, group } })),
        ];
        work.record(account.userId, ...events);
      }
      return { userId: account.userId, email: account.email, role: roleOfGroups(groups) };
    });
  }
}
