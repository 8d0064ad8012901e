import { Injectable } from '@nestjs/common';
import { Database } from '../../../../platform/database/database';
import { rows, textArray } from '../../../../platform/database/sql';
import { CONSOLE_GROUPS, roleOfGroups, type ConsoleRoleName } from '../domain/console-roles';
import { accounts } from '../infra/accounts.repository';

export type { ConsoleRoleName };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the operations console reads of identity: emails of accounts, and who the console's members
 * are (the `admin`, `operations-operator` and `operations-viewer` groups, carried in the tokens'
 * cognito:groups). Giving or taking a role is the SetConsoleRole command.
 */
@Injectable()
export class OperationsDirectory {
  constructor(private readonly orm: Database) {}

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
}
