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

export const ROLES = { admin: 'admin', creator: 'creator' } as const;

export const isAdmin = (p: Principal | null | undefined): boolean => p?.kind === 'user' && p.roles.includes(ROLES.admin);

/** The id a job or a realtime room is owned by: the user id, or the anonymous visitor's anon_ id. */
export const ownerIdOf = (p: Principal | null | undefined): string | null =>
  p && (p.kind === 'user' || p.kind === 'anonymous') ? p.id : null;
