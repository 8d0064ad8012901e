import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../../../platform/database/database';
import { announceRevocation } from '../../../../platform/auth/session-revocation';
import { rows, run } from '../../../../platform/database/sql';

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface RefreshTokenRow {
  sessionId: string;
  userId: string;
  clientId: string;
  deviceKey: string | null;
  expiresAt: Date;
  rotatedAt: Date | null;
  revokedAt: Date | null;
}

/**
 * identity_session (one per sign-in; access tokens name it in origin_jti) and its refresh tokens.
 * Refresh tokens are opaque random strings stored as SHA-256 hashes.
 */
export const sessions = {
  async open(em: Db, sessionId: string, userId: string, clientId: string, deviceKey: string | null = null): Promise<void> {
    await run(em, 'insert into identity_session (session_id, user_id, client_id, device_key) values (?, ?, ?, ?)', [
      sessionId,
      userId,
      clientId,
      deviceKey,
    ]);
  },

  async issueRefreshToken(em: Db, sessionId: string, ttlDays: number): Promise<string> {
    const token = randomBytes(48).toString('base64url');
    await run(
      em,
      `insert into identity_refresh_token (token_hash, session_id, expires_at) values (?, ?, now() + make_interval(days => ?))`,
      [hashRefreshToken(token), sessionId, ttlDays],
    );
    return token;
  },

  async findRefreshToken(em: Db, token: string): Promise<RefreshTokenRow | null> {
    const found = await rows<{
      session_id: string;
      user_id: string;
      client_id: string;
      device_key: string | null;
      expires_at: Date;
      rotated_at: Date | null;
      revoked_at: Date | null;
    }>(
      em,
      `select t.session_id, s.user_id, s.client_id, s.device_key, t.expires_at, t.rotated_at, s.revoked_at
         from identity_refresh_token t join identity_session s using (session_id)
        where t.token_hash = ? for update`,
      [hashRefreshToken(token)],
    );
    const r = found[0];
    return r
      ? {
          sessionId: r.session_id,
          userId: r.user_id,
          clientId: r.client_id,
          deviceKey: r.device_key,
          expiresAt: new Date(r.expires_at),
          rotatedAt: r.rotated_at,
          revokedAt: r.revoked_at,
        }
      : null;
  },

  async markRotated(em: Db, token: string): Promise<void> {
    await run(em, 'update identity_refresh_token set rotated_at = now() where token_hash = ?', [hashRefreshToken(token)]);
  },

  /** Revokes one session; every API node stops accepting its access tokens when this commits. */
  async revoke(em: Db, sessionId: string): Promise<void> {
    const found = await rows<{ user_id: string }>(
      em,
      'update identity_session set revoked_at = now() where session_id = ? and revoked_at is null returning user_id',
      [sessionId],
    );
    for (const r of found) await announceRevocation(em, r.user_id);
  },

  /** Revokes every live session of the user (pushed to every API node on commit); answers how many there were. */
  async revokeAll(em: Db, userId: string): Promise<number> {
    const found = await rows(
      em,
      'update identity_session set revoked_at = now() where user_id = ? and revoked_at is null returning session_id',
      [userId],
    );
    if (found.length > 0) await announceRevocation(em, userId);
    return found.length;
  },

  async isLive(em: Db, sessionId: string, userId: string): Promise<boolean> {
    const found = await rows(em, 'select 1 from identity_session where session_id = ? and user_id = ? and revoked_at is null', [
      sessionId,
      userId,
    ]);
    return found.length > 0;
  },
};
