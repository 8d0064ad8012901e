import { OPERATIONS_GROUPS } from '@sparkhouse/contracts';

/** A member's role in the operations console (the groups in their tokens' cognito:groups). */
export type ConsoleRoleName = 'admin' | 'operator' | 'viewer';

const ADMIN = 'admin';
/** The groups that make someone a member of the console. */
export const CONSOLE_GROUPS = [ADMIN, OPERATIONS_GROUPS.operator, OPERATIONS_GROUPS.viewer];

export const roleOfGroups = (groups: readonly string[]): ConsoleRoleName | null =>
  groups.includes(ADMIN)
    ? 'admin'
    : groups.includes(OPERATIONS_GROUPS.operator)
      ? 'operator'
      : groups.includes(OPERATIONS_GROUPS.viewer)
        ? 'viewer'
        : null;

/** The groups an account holds after being given `role` (or none), and which it gained or lost. */
export function withConsoleRole(groups: readonly string[], role: 'operator' | 'viewer' | 'none') {
  const wanted = role === 'none' ? null : OPERATIONS_GROUPS[role];
  const removed = ([OPERATIONS_GROUPS.operator, OPERATIONS_GROUPS.viewer] as string[]).filter(
    (g) => g !== wanted && groups.includes(g),
  );
  const added = wanted && !groups.includes(wanted) ? [wanted] : [];
  return { groups: [...groups.filter((g) => !removed.includes(g)), ...added], removed, added };
}
