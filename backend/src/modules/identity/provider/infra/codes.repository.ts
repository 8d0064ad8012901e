import type { Db } from '../../../../platform/database/database';
import type { StoredCode } from '../domain/verification-codes';
import { rows, run } from '../../../../platform/database/sql';

export type CodePurpose =
  'sign-up' | 'password-reset' | 'email-verification' | 'phone-verification' | 'sms-mfa' | 'custom-challenge';

/** The identity_code table: one live code per account and purpose; a new code replaces the old. */
export const codes = {
  async get(em: Db, userId: string, purpose: CodePurpose): Promise<StoredCode | null> {
    const found = await rows<{ code_hash: string; expires_at: Date; attempts: number; consumed_at: Date | null }>(
      em,
      'select code_hash, expires_at, attempts, consumed_at from identity_code where user_id = ? and purpose = ? for update',
      [userId, purpose],
    );
    const r = found[0];
    return r
      ? { codeHash: r.code_hash, expiresAt: new Date(r.expires_at), attempts: r.attempts, consumedAt: r.consumed_at }
      : null;
  },

  async put(em: Db, userId: string, purpose: CodePurpose, codeHash: string, expiresAt: Date): Promise<void> {
    await run(
      em,
      `insert into identity_code (user_id, purpose, code_hash, expires_at) values (?, ?, ?, ?)
       on conflict (user_id, purpose) do update
         set code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0, consumed_at = null, created_at = now()`,
      [userId, purpose, codeHash, expiresAt],
    );
  },

  async countAttempt(em: Db, userId: string, purpose: CodePurpose): Promise<number> {
    const found = await rows<{ attempts: number }>(
      em,
      'update identity_code set attempts = attempts + 1 where user_id = ? and purpose = ? returning attempts',
      [userId, purpose],
    );
    return found[0]?.attempts ?? 0;
  },

  async consume(em: Db, userId: string, purpose: CodePurpose): Promise<void> {
    await run(em, 'update identity_code set consumed_at = now() where user_id = ? and purpose = ?', [userId, purpose]);
  },
};
