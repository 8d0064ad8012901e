/**
 * Whether a sign-in session was ended (global sign-out, refresh-token reuse) before its access
 * tokens expire. The identity module provides it; the platform asks it for every signed-in call.
 */
export interface SessionRevocation {
  isLive(userId: string, sessionId: string): Promise<boolean>;
}

export const SESSION_REVOCATION = Symbol('SESSION_REVOCATION');
