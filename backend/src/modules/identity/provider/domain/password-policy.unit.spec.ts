import { maskEmail, normalizeEmail, passwordPolicyViolation } from './password-policy';
import { checkCode, codeExpiry, hashCode, newCode } from './verification-codes';

describe('password policy', () => {
  it.each([
    ['', 'Password must be at least 8 characters long.'],
    ['1234567', 'Password must be at least 8 characters long.'],
    [' leading space', 'Password cannot begin or end with a space.'],
    ['trailing space ', 'Password cannot begin or end with a space.'],
    ['x'.repeat(257), 'Password must be at most 256 characters long.'],
  ])('refuses %j', (password, message) => {
    expect(passwordPolicyViolation(password)).toBe(message);
  });

  it.each(['12345678', 'inner spaces ok', 'ünïcödé pässwörd', 'x'.repeat(256)])('accepts %j', (password) => {
    expect(passwordPolicyViolation(password)).toBeNull();
  });

  it('lowercases emails and refuses malformed ones', () => {
    expect(normalizeEmail(' Ada@Example.COM ')).toBe('ada@example.com');
    expect(normalizeEmail('no-at-sign.com')).toBeNull();
    expect(normalizeEmail('a@b')).toBeNull();
    expect(normalizeEmail('a b@c.d')).toBeNull();
    expect(maskEmail('ada@example.com')).toBe('a***@e***');
  });
});

describe('verification codes', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  const stored = (code: string, over: Partial<Parameters<typeof checkCode>[0] & object> = {}) => ({
    codeHash: hashCode(code),
    expiresAt: codeExpiry(now),
    attempts: 0,
    consumedAt: null,
    ...over,
  });

  it('are six digits, stored salted (never as the code itself)', () => {
    const code = newCode();
    expect(code).toMatch(/^\d{6}$/);
    expect(hashCode(code)).not.toContain(code);
    expect(hashCode(code)).not.toBe(hashCode(code));
  });

  it('expire within 10 minutes, are single-use and allow 5 attempts', () => {
    expect(checkCode(stored('123456'), '123456', now)).toBe('accepted');
    expect(checkCode(stored('123456'), '654321', now)).toBe('mismatch');
    expect(checkCode(stored('123456'), '123456', new Date(now.getTime() + 10 * 60_000))).toBe('expired');
    expect(checkCode(stored('123456', { consumedAt: now }), '123456', now)).toBe('missing');
    expect(checkCode(stored('123456', { attempts: 4 }), '123456', now)).toBe('accepted');
    expect(checkCode(stored('123456', { attempts: 5 }), '123456', now)).toBe('attempts-exhausted');
    expect(checkCode(null, '123456', now)).toBe('missing');
  });
});
