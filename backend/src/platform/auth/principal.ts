import { OPERATIONS_GROUPS } from '@sparkhouse/contracts';

/** Who is calling. Commands record it as the actor of the events they append. */
export type Principal =
  | {
      kind: 'user';
      id: string;
      email?: string;
      roles: readonly string[];
      /** The sign-in session (origin_jti). */ sessionId?: string;
    }
  | { kind: 'anonymous'; id: string }
  | { kind: 'system'; id: string };

export const ROLES = {
  admin: 'admin',
  creator: 'creator',
  operationsViewer: OPERATIONS_GROUPS.viewer,
  operationsOperator: OPERATIONS_GROUPS.operator,
} as const;

export const isAdmin = (p: Principal | null | undefined): boolean => p?.kind === 'user' && p.roles.includes(ROLES.admin);

/** The caller's role in the operations console, if any: admins and operators act, viewers read. */
export function consoleRoleOf(p: Principal | null | undefined): 'admin' | 'operator' | 'viewer' | null {
  if (p?.kind !== 'user') return null;
  if (p.roles.includes(ROLES.admin)) return 'admin';
  if (p.roles.includes(ROLES.operationsOperator)) return 'operator';
  if (p.roles.includes(ROLES.operationsViewer)) return 'viewer';
  return null;
}

export const canViewOperations = (p: Principal | null | undefined): boolean => consoleRoleOf(p) !== null;
export const canOperate = (p: Principal | null | undefined): boolean => {
  const role = consoleRoleOf(p);
  return role === 'admin' || role === 'operator';
};

/** The id a job or a realtime room is owned by: the user id, or the anonymous visitor's anon_ id. */
export const ownerIdOf = (p: Principal | null | undefined): string | null =>
  p && (p.kind === 'user' || p.kind === 'anonymous') ? p.id : null;
