import { unauthorized } from '../../../../platform/http/errors';

/** The signed-in caller of a command (a platform Principal of kind 'user'), or 401. */
export function signedIn<P extends { kind: string }>(principal: P | null): Extract<P, { kind: 'user' }> {
  if (!isUser(principal)) throw unauthorized();
  return principal;
}

const isUser = <P extends { kind: string }>(p: P | null): p is Extract<P, { kind: 'user' }> => p?.kind === 'user';
