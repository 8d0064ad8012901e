import type { Db } from '../database/database';
import { run } from '../database/sql';

/**
 * Whether a sign-in session was ended (global sign-out, refresh-token reuse) before its access
 * tokens expire. The identity module provides it; the platform asks it for a signed-in call whose
 * session this node does not already know to be live.
 */
export interface SessionRevocation {
  isLive(userId: string, sessionId: string): Promise<boolean>;
}

export const SESSION_REVOCATION = Symbol('SESSION_REVOCATION');

/** Every API node listens here: a user id means "forget what you know of this user's sessions". */
export const SESSION_REVOKED_CHANNEL = 'sparkhouse_session_revoked';

const announced = new WeakMap<Db, Set<string>>();

/**
 * Pushes a revocation to every API node when the transaction commits (nothing is pushed if it rolls
 * back). Call it in the transaction that revokes; after the commit, PrincipalResolver.sessionsRevoked
 * makes sure this node has it before the caller is answered.
 */
export async function announceRevocation(em: Db, userId: string): Promise<void> {
  await run(em, 'select pg_notify(?, ?)', [SESSION_REVOKED_CHANNEL, userId]);
  let users = announced.get(em);
  if (!users) announced.set(em, (users = new Set()));
  users.add(userId);
}

/** The users whose revocations were announced in the transaction of `em`. */
export const revocationsAnnouncedIn = (em: Db): string[] => [...(announced.get(em) ?? [])];
