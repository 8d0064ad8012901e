import { base32Decode, base32Encode, hotp, matchTotp, totp, totpStep } from './totp';

describe('TOTP (RFC 6238, HMAC-SHA1)', () => {
  const secret = Buffer.from('12345678901234567890');

  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('matches the RFC test vector at T=%i', (seconds, expected) => {
    expect(totp(secret, seconds * 1000, 8)).toBe(expected);
    expect(totp(secret, seconds * 1000)).toBe(expected.slice(2));
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    expect([0, 1, 2, 9].map((c) => hotp(secret, c))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('round-trips base32 (RFC 4648)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode(base32Encode(secret))).toEqual(secret);
  });

  it('accepts one step either side, refuses further drift, malformed and replayed codes', () => {
    const b32 = base32Encode(secret);
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(b32, totp(secret, now), now)).toBe(step);
    expect(matchTotp(b32, totp(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(b32, totp(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(b32, totp(secret, now - 90_000), now)).toBeNull();
    expect(matchTotp(b32, '12345', now)).toBeNull();
    expect(matchTotp(b32, 'abcdef', now)).toBeNull();
    expect(matchTotp(b32, totp(secret, now), now, step)).toBeNull();
  });
});
