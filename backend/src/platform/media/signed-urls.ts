import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_FILES_PATH, SIGNED_URL_MAX_SECONDS } from '@sparkhouse/contracts';

/**
 * Signed, expiring media URLs: `/api/media/files/<key>?expires=<unix seconds>&signature=<HMAC>`, the
 * HMAC-SHA256 of the key and the expiry under a secret only the API nodes know. Changing the key, the
 * expiry or the signature breaks it; so does time. No URL lives longer than 7 days (spec 9): one that
 * claims to, signed or not, is refused as well.
 */

/** Expiries are rounded down to this step, so the same file signed twice within it gets the same URL (browsers cache it). */
const EXPIRY_STEP_SECONDS = 3600;

export const signatureOf = (secret: string, key: string, expires: number): string =>
  createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');

/** When a URL signed now should stop working: `ttl` from now, rounded down to the hour while that keeps at least half of it. */
export function expiryFor(nowSeconds: number, ttlSeconds: number): number {
  const ttl = Math.min(ttlSeconds, SIGNED_URL_MAX_SECONDS);
  const exact = nowSeconds + ttl;
  const rounded = exact - (exact % EXPIRY_STEP_SECONDS);
  return rounded - nowSeconds >= ttl / 2 ? rounded : exact;
}

/** A key as a URL path: each segment encoded, the slashes kept. */
const keyPath = (key: string) => key.split('/').map(encodeURIComponent).join('/');

export function signedMediaUrl(secret: string, key: string, expires: number): string {
  if (expires - Math.floor(Date.now() / 1000) > SIGNED_URL_MAX_SECONDS) {
    throw new Error('a media URL may live at most 7 days');
  }
  return `${MEDIA_FILES_PATH}${keyPath(key)}?expires=${expires}&signature=${signatureOf(secret, key, expires)}`;
}

/**
 * Whether a request for `key` carries a valid signature that has not expired (and never claimed more
 * than 7 days). Answers only yes or no: a caller must not learn which part was wrong.
 */
export function isValidSignature(
  secret: string,
  key: string,
  expiresText: unknown,
  signatureText: unknown,
  nowSeconds: number,
): boolean {
  if (typeof expiresText !== 'string' || typeof signatureText !== 'string') return false;
  if (!/^\d{1,12}$/.test(expiresText) || !/^[A-Za-z0-9_-]{43}$/.test(signatureText)) return false;
  const expires = Number(expiresText);
  if (expires <= nowSeconds || expires - nowSeconds > SIGNED_URL_MAX_SECONDS) return false;
  const expected = Buffer.from(signatureOf(secret, key, expires));
  const given = Buffer.from(signatureText);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The storage key a media URL names (a URL an upload answered, signed or not, relative or absolute),
 * or null when it is not one of ours. The signature is not checked: who may use a key is decided by
 * the app it belongs to.
 */
export function keyOfMediaUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://media.invalid').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(MEDIA_FILES_PATH)) return null;
  try {
    return path
      .slice(MEDIA_FILES_PATH.length)
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch {
    return null;
  }
}
