import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { identityProtocol } from '@sparkhouse/contracts';

/** One-time codes (confirmation, reset, email verification): 6 digits, stored only as a salted hash. */
export interface StoredCode {
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  consumedAt: Date | null;
}

export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function matches(codeHash: string, code: string): boolean {
  const [salt] = codeHash.split('$');
  const a = Buffer.from(hashCode(code, salt));
  const b = Buffer.from(codeHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type CodeCheck = 'accepted' | 'mismatch' | 'expired' | 'attempts-exhausted' | 'missing';

/**
 * What a submitted code does to the stored one. Used, expired and exhausted codes are refused before
 * comparing; a mismatch counts as an attempt (the caller stores attempts + 1).
 */
export function checkCode(stored: StoredCode | null, code: string, now: Date): CodeCheck {
  if (!stored || stored.consumedAt) return 'missing';
  if (stored.attempts >= identityProtocol.codeMaxAttempts) return 'attempts-exhausted';
  if (stored.expiresAt.getTime() <= now.getTime()) return 'expired';
  return matches(stored.codeHash, code) ? 'accepted' : 'mismatch';
}

export const codeExpiry = (now: Date) => new Date(now.getTime() + identityProtocol.codeTtlSeconds * 1000);
