import {
  padHex,
  parseSrpTimestamp,
  srpClientEphemeral,
  srpClientSessionKey,
  srpServerEphemeral,
  srpServerSessionKey,
  srpSignature,
  srpTimestamp,
  srpVerifier,
  userPoolName,
} from '@sparkhouse/contracts';

// the client library's own SRP helper, clock and big integers (exported, but not in its typings)

const { AuthenticationHelper, DateHelper } = require('amazon-cognito-identity-js') as {
  AuthenticationHelper: new (poolName: string) => unknown;
  DateHelper: new () => { getNowString(): string };
};
const BigInteger = require('amazon-cognito-identity-js/lib/BigInteger').default;

interface Helper {
  largeAValue: { toString(radix: number): string };
  getLargeAValue(cb: (err: unknown, A: { toString(radix: number): string }) => void): void;
  getPasswordAuthenticationKey(
    username: string,
    password: string,
    B: unknown,
    salt: unknown,
    cb: (err: unknown, hkdf: Uint8Array) => void,
  ): void;
  generateHashDevice(groupKey: string, deviceKey: string, cb: (err: unknown) => void): void;
  getSaltDevices(): string;
  getVerifierDevices(): string;
  getRandomPassword(): string;
  padHex(n: unknown): string;
}

const helper = (poolName: string) => new AuthenticationHelper(poolName) as unknown as Helper;
const bi = (n: bigint) => new BigInteger(n.toString(16), 16);

/** What amazon-cognito-identity-js sends back for a PASSWORD_VERIFIER challenge. */
function clientLibrarySignature(
  h: Helper,
  poolName: string,
  username: string,
  password: string,
  challenge: { SRP_B: string; SALT: string; SECRET_BLOCK: string },
  timestamp: string,
): Promise<string> {
  return new Promise((resolve, reject) =>
    h.getPasswordAuthenticationKey(
      username,
      password,
      new BigInteger(challenge.SRP_B, 16),
      new BigInteger(challenge.SALT, 16),
      (err, hkdf) => {
        if (err) return reject(err);
        const message = Buffer.concat([
          Buffer.from(poolName, 'utf8'),
          Buffer.from(username, 'utf8'),
          Buffer.from(challenge.SECRET_BLOCK, 'base64'),
          Buffer.from(timestamp, 'utf8'),
        ]);
        // the library signs with its own HMAC (aws-crypto Sha256 keyed); node's HMAC is the same function
        const { createHmac } = require('node:crypto') as typeof import('node:crypto');
        resolve(createHmac('sha256', Buffer.from(hkdf)).update(message).digest('base64'));
      },
    ),
  );
}

const secretBlock = () => Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString('base64');

describe('SRP as amazon-cognito-identity-js computes it', () => {
  it('pads hex exactly as the client library (odd length, top bit set, leading zero bytes)', () => {
    const h = helper('pool');
    for (const n of [1n, 0x7fn, 0x80n, 0xffn, 0x100n, 0x0fffn, 0x8000n, 2n ** 255n, 2n ** 256n - 1n, 12345678901234567890n]) {
      expect(padHex(n)).toBe(h.padHex(bi(n)).toLowerCase());
    }
  });

  it('the server verifies what the client library signs, for a verifier made at sign-up (8 sign-ins)', async () => {
    const poolName = userPoolName('us-east-2_sparkhouse');
    expect(poolName).toBe('sparkhouse');
    for (let i = 0; i < 8; i++) {
      const username = crypto.randomUUID();
      const password = `correct horse ${i}`;
      const { salt, verifier } = await srpVerifier(poolName, username, password);
      const h = helper(poolName);
      const A = BigInt(`0x${h.largeAValue.toString(16)}`);
      const { b, B } = await srpServerEphemeral(verifier);
      const block = secretBlock();
      const timestamp = new DateHelper().getNowString();
      const theirs = await clientLibrarySignature(
        h,
        poolName,
        username,
        password,
        { SRP_B: B.toString(16), SALT: salt, SECRET_BLOCK: block },
        timestamp,
      );
      const key = await srpServerSessionKey(A, B, b, verifier);
      expect(await srpSignature(key!, poolName, username, block, timestamp)).toBe(theirs);
      // and a wrong password signs something else
      const h2 = helper(poolName);
      const A2 = BigInt(`0x${h2.largeAValue.toString(16)}`);
      const e2 = await srpServerEphemeral(verifier);
      const wrong = await clientLibrarySignature(
        h2,
        poolName,
        username,
        `${password}!`,
        { SRP_B: e2.B.toString(16), SALT: salt, SECRET_BLOCK: block },
        timestamp,
      );
      const key2 = await srpServerSessionKey(A2, e2.B, e2.b, verifier);
      expect(await srpSignature(key2!, poolName, username, block, timestamp)).not.toBe(wrong);
    }
  });

  it('the server verifies a device the client library confirmed (its own salt and verifier), as DEVICE_PASSWORD_VERIFIER', async () => {
    const groupKey = '-abcDEF123';
    const deviceKey = `us-east-2_${crypto.randomUUID()}`;
    const h = helper('sparkhouse');
    await new Promise<void>((resolve, reject) => h.generateHashDevice(groupKey, deviceKey, (e) => (e ? reject(e) : resolve())));
    // ConfirmDevice carries these base64-encoded; the provider keeps them as hex
    const salt = Buffer.from(Buffer.from(h.getSaltDevices(), 'hex').toString('base64'), 'base64').toString('hex');
    const verifier = Buffer.from(Buffer.from(h.getVerifierDevices(), 'hex').toString('base64'), 'base64').toString('hex');
    const d = helper(groupKey);
    const A = BigInt(`0x${d.largeAValue.toString(16)}`);
    const { b, B } = await srpServerEphemeral(verifier);
    const block = secretBlock();
    const timestamp = srpTimestamp(new Date());
    const theirs = await clientLibrarySignature(
      d,
      groupKey,
      deviceKey,
      h.getRandomPassword(),
      { SRP_B: B.toString(16), SALT: salt, SECRET_BLOCK: block },
      timestamp,
    );
    const key = await srpServerSessionKey(A, B, b, verifier);
    expect(await srpSignature(key!, groupKey, deviceKey, block, timestamp)).toBe(theirs);
  });

  it("the SPA's client side agrees with the server (50 sign-ins)", async () => {
    for (let i = 0; i < 50; i++) {
      const username = crypto.randomUUID();
      const { salt, verifier } = await srpVerifier('pool', username, 'pässwörd 1');
      const { a, A } = srpClientEphemeral();
      const { b, B } = await srpServerEphemeral(verifier);
      const client = await srpClientSessionKey({ poolName: 'pool', username, password: 'pässwörd 1', saltHex: salt, a, A, B });
      expect(Buffer.from(client).toString('hex')).toBe(
        Buffer.from((await srpServerSessionKey(A, B, b, verifier))!).toString('hex'),
      );
    }
  });

  it('refuses A ≡ 0 (mod N), which would make the key independent of the password', async () => {
    const { verifier } = await srpVerifier('pool', 'u', 'password1');
    const { b, B } = await srpServerEphemeral(verifier);
    const { SRP_N } = await import('@sparkhouse/contracts');
    expect(await srpServerSessionKey(0n, B, b, verifier)).toBeNull();
    expect(await srpServerSessionKey(SRP_N, B, b, verifier)).toBeNull();
    expect(await srpServerSessionKey(SRP_N * 2n, B, b, verifier)).toBeNull();
  });

  it('writes and reads the signed timestamp as the client library does', () => {
    const d = new Date(Date.UTC(2026, 10, 3, 4, 5, 6));
    expect(srpTimestamp(d)).toBe('Tue Nov 3 04:05:06 UTC 2026');
    expect(parseSrpTimestamp('Tue Nov 3 04:05:06 UTC 2026')?.getTime()).toBe(d.getTime());
    expect(parseSrpTimestamp('Wed Nov 3 04:05:06 UTC 2026')).toBeNull();
    expect(parseSrpTimestamp('Tue Nov 31 04:05:06 UTC 2026')).toBeNull();
    expect(parseSrpTimestamp('2026-11-03T04:05:06Z')).toBeNull();
  });

  it('refuses a user pool id not of the form region_id', () => {
    expect(() => userPoolName('sparkhouse')).toThrow('Invalid UserPoolId format.');
    expect(() => userPoolName('us-east-2_')).toThrow('Invalid UserPoolId format.');
  });
});
