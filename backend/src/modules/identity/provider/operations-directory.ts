import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import { OPERATIONS_GROUPS, UserAddedToGroup, UserRemovedFromGroup, type NewEvent } from '@sparkhouse/contracts';
import { rows, textArray } from '../../../platform/database/sql';
import { accounts } from './infra/accounts.repository';
import { IdentityUnitOfWork } from './infra/identity-unit-of-work';

export type ConsoleRoleName = 'admin' | 'operator' | 'viewer';

const ADMIN = 'admin';
const CONSOLE_GROUPS = [ADMIN, OPERATIONS_GROUPS.operator, OPERATIONS_GROUPS.viewer];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const roleOfGroups = (groups: readonly string[]): ConsoleRoleName | null =>
  groups.includes(ADMIN)
    ? 'admin'
    : groups.includes(OPERATIONS_GROUPS.operator)
      ? 'operator'
      : groups.includes(OPERATIONS_GROUPS.viewer)
        ? 'viewer'
        : null;

/**
 * What the operations console needs from identity: emails of accounts, who the console's members
 * are, and giving or taking the operator/viewer role (the `operations-operator` and
 * `operations-viewer` groups, carried in the tokens' cognito:groups like `admin`).
 */
@Injectable()
export class OperationsDirectory {
  constructor(
    private readonly orm: Database,
    private readonly work: IdentityUnitOfWork,
  ) {}

  async emailsOf(userIds: readonly string[]): Promise<Map<string, string>> {
    const ids = [...new Set(userIds.filter((id) => UUID.test(id)))];
    if (ids.length === 0) return new Map();
    const found = await rows<{ user_id: string; email: string }>(
      this.orm.em.fork(),
      'select user_id::text, email from identity_account where user_id = any(?::uuid[])',
      [textArray(ids)],
    );
    return new Map(found.map((r) => [r.user_id, r.email]));
  }

  async userIdByEmail(email: string): Promise<string | null> {
    const account = await accounts.byEmail(this.orm.em.fork(), email.trim().toLowerCase());
    return account?.userId ?? null;
  }

  async members(): Promise<{ userId: string; email: string; role: ConsoleRoleName }[]> {
    const found = await rows<{ user_id: string; email: string; groups: string[] }>(
      this.orm.em.fork(),
      'select user_id::text, email, groups from identity_account where groups && ?::text[] order by email',
      [textArray(CONSOLE_GROUPS)],
    );
    return found.map((r) => ({ userId: r.user_id, email: r.email, role: roleOfGroups(r.groups)! }));
  }

  /** Emails of the people an alert goes to: admins and operators. */
  async staffEmails(): Promise<string[]> {
    return (await this.members()).filter((m) => m.role !== 'viewer').map((m) => m.email);
  }

  /** null when no account has that email. */
  async setRole(
    email: string,
    role: 'operator' | 'viewer' | 'none',
  ): Promise<{ userId: string; email: string; role: ConsoleRoleName | null } | null> {
    return this.work.run(async (work) => {
      const account = await accounts.byEmail(work.em, email.trim().toLowerCase(), true);
      if (!account) return null;
      const wanted = role === 'none' ? null : OPERATIONS_GROUPS[role];
      const removed = ([OPERATIONS_GROUPS.operator, OPERATIONS_GROUPS.viewer] as string[]).filter(
        (g) => g !== wanted && account.groups.includes(g),
      );
      const added = wanted && !account.groups.includes(wanted) ? [wanted] : [];
      const groups = [...account.groups.filter((g) => !removed.includes(g)), ...added];
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
