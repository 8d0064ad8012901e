import type { Db } from '../../../../platform/database/database';
import { rows } from '../../../../platform/database/sql';

/** The user whose profile claimed this (lower-cased) email, or null: the write side's answer, never a read model's. */
export async function ownerOfEmail(em: Db, email: string): Promise<string | null> {
  const [owner] = await rows<{ user_id: string }>(em, 'select user_id from user_email_claim where email = ?', [email]);
  return owner?.user_id ?? null;
}
