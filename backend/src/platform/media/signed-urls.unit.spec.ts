import { SIGNED_URL_MAX_SECONDS } from '@sparkhouse/contracts';
import { expiryFor, isValidSignature, keyOfMediaUrl, signatureOf, signedMediaUrl } from './signed-urls';

const SECRET = 'a-test-secret-that-is-long-enough-for-hmac';
const KEY = 'apps/0b8c6a3e-0d51-4d7a-9d0e-7d3b9f0c1a22/5f1e2d3c-4b5a-4c6d-8e7f-901234567890/original.png';
const now = () => Math.floor(Date.now() / 1000);

/** The expiry and signature of a URL the signer made. */
function partsOf(url: string) {
  const u = new URL(url, 'http://x');
  return { key: keyOfMediaUrl(url)!, expires: u.searchParams.get('expires')!, signature: u.searchParams.get('signature')! };
}

describe('signed media URLs', () => {
  it('accepts a URL as signed, for the key it names, until it expires', () => {
    const expires = now() + 3600;
    const { key, expires: e, signature } = partsOf(signedMediaUrl(SECRET, KEY, expires));
    expect(key).toBe(KEY);
    expect(isValidSignature(SECRET, key, e, signature, now())).toBe(true);
    expect(isValidSignature(SECRET, key, e, signature, expires - 1)).toBe(true);
  });

  it('refuses a tampered key, expiry or signature, and another secret', () => {
    const { key, expires, signature } = partsOf(signedMediaUrl(SECRET, KEY, now() + 3600));
    const otherKey = key.replace('original.png', 'thumb.webp');
    expect(isValidSignature(SECRET, otherKey, expires, signature, now())).toBe(false);
    expect(isValidSignature(SECRET, key, String(Number(expires) + 1), signature, now())).toBe(false);
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(isValidSignature(SECRET, key, expires, flipped, now())).toBe(false);
    expect(isValidSignature(`${SECRET}!`, key, expires, signature, now())).toBe(false);
  });

  it('refuses an expired URL, and one missing or malformed parts', () => {
    const expires = now() + 60;
    const { key, signature } = partsOf(signedMediaUrl(SECRET, KEY, expires));
    expect(isValidSignature(SECRET, key, String(expires), signature, expires)).toBe(false);
    expect(isValidSignature(SECRET, key, String(expires), signature, expires + 3600)).toBe(false);
    expect(isValidSignature(SECRET, key, undefined, signature, now())).toBe(false);
    expect(isValidSignature(SECRET, key, String(expires), undefined, now())).toBe(false);
    expect(isValidSignature(SECRET, key, ['1', '2'], signature, now())).toBe(false);
    expect(isValidSignature(SECRET, key, '1e12', signature, now())).toBe(false);
    expect(isValidSignature(SECRET, key, String(expires), `${signature}=`, now())).toBe(false);
  });

  it('never lives more than 7 days: the signer will not make one, the checker will not take one', () => {
    expect(() => signedMediaUrl(SECRET, KEY, now() + SIGNED_URL_MAX_SECONDS + 60)).toThrow(/7 days/);
    // signed with the real secret, but claiming 8 days
    const farExpiry = now() + 8 * 24 * 3600;
    expect(isValidSignature(SECRET, KEY, String(farExpiry), signatureOf(SECRET, KEY, farExpiry), now())).toBe(false);
    const sevenDays = now() + SIGNED_URL_MAX_SECONDS;
    expect(isValidSignature(SECRET, KEY, String(sevenDays), signatureOf(SECRET, KEY, sevenDays), now())).toBe(true);
  });

  it('rounds expiries down to the hour (same URL for a while, so browsers cache it), within the TTL and 7 days', () => {
    const t = 1_800_000_000 + 1234;
    const e = expiryFor(t, 24 * 3600);
    expect(e % 3600).toBe(0);
    expect(e).toBeLessThanOrEqual(t + 24 * 3600);
    expect(e).toBeGreaterThan(t + 23 * 3600);
    expect(expiryFor(t + 5, 24 * 3600)).toBe(e);
    // a short TTL is not cut below half by the rounding
    expect(expiryFor(t, 600) - t).toBeGreaterThanOrEqual(300);
    expect(expiryFor(t, 30 * 24 * 3600) - t).toBeLessThanOrEqual(SIGNED_URL_MAX_SECONDS);
  });

  it('reads the key of a media URL, relative or absolute, and nothing from other URLs', () => {
    const url = signedMediaUrl(SECRET, KEY, now() + 60);
    expect(keyOfMediaUrl(url)).toBe(KEY);
    expect(keyOfMediaUrl(`https://studio.example.com${url}`)).toBe(KEY);
    expect(keyOfMediaUrl(`/api/media/files/${KEY}`)).toBe(KEY);
    expect(keyOfMediaUrl('https://cdn.example.com/picture.png')).toBeNull();
    expect(keyOfMediaUrl('/api/media/app-images/x.png')).toBeNull();
    expect(keyOfMediaUrl('/api/media/files/%E0%A4%A')).toBeNull();
  });
});
