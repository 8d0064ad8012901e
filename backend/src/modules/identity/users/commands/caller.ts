import type { Principal } from '../../../../platform/auth/principal';
import { unauthorized } from '../../../../platform/http/errors';

export type SignedInUser = Extract<Principal, { kind: 'user' }>;

/** The signed-in caller of a command, or 401. */
export function signedIn(principal: Principal | null): SignedInUser {
  if (principal?.kind !== 'user') throw unauthorized();
  return principal;
}
