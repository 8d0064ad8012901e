import { isAdmin, type Principal } from '../../../platform/auth/principal';
import { requestContext } from '../../../platform/context/request-context';
import { unauthorized } from '../../../platform/http/errors';

export const principal = (): Principal | null => requestContext.current()?.principal ?? null;

/** The signed-in caller (the calls here are declared access 'user'). */
export function caller(): { id: string; email: string | null; admin: boolean } {
  const p = principal();
  if (p?.kind !== 'user') throw unauthorized();
  return { id: p.id, email: p.email ?? null, admin: isAdmin(p) };
}

export const timeZone = () => requestContext.current()?.timeZone ?? 'UTC';
