import { createHmac, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Database } from '../../../../platform/database/database';
import { padHex, SRP_N } from '@sparkhouse/contracts';
import { rows, run } from '../../../../platform/database/sql';

/**
 * The pool's own secret (made once, shared by every node through identity_pool_secret). It keys
 * what the provider answers about a username that has no account, so the answer is the same each
 * time (a fake SRP salt and user id) and cannot be told apart from a real account's.
 */
@Injectable()
export class PoolSecret {
  private secret: Promise<Buffer> | null = null;

  constructor(private readonly orm: Database) {}

  private load(): Promise<Buffer> {
    this.secret ??= (async () => {
      const em = this.orm.em.fork();
      await run(em, `insert into identity_pool_secret (name, value) values ('unknown-users', ?) on conflict (name) do nothing`, [
        randomBytes(32).toString('hex'),
      ]);
      const [row] = await rows<{ value: string }>(em, `select value from identity_pool_secret where name = 'unknown-users'`);
      return Buffer.from(row.value, 'hex');
    })().catch((err: unknown) => {
      this.secret = null;
      throw err;
    });
    return this.secret;
  }

  async mac(purpose: string, value: string): Promise<Buffer> {
    return createHmac('sha256', await this.load())
      .update(`${purpose}\0${value}`)
      .digest();
  }

  /** A username's stand-in identity: the user id, SRP salt and verifier a real account would have. */
  async standIn(username: string): Promise<{ userId: string; srpSalt: string; srpVerifier: string }> {
    const id = await this.mac('user-id', username);
    const h = id.toString('hex');
    const userId = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    const srpSalt = padHex(BigInt(`0x${(await this.mac('salt', username)).subarray(0, 16).toString('hex')}`));
    // any value below N serves: B = k·v + g^b looks uniformly random whatever v is
    const v = BigInt(
      `0x${Buffer.concat([await this.mac('verifier-a', username), await this.mac('verifier-b', username)]).toString('hex')}`,
    );
    return { userId, srpSalt, srpVerifier: padHex(v % SRP_N) };
  }

  /** A digest naming a username in events without spelling it out. */
  async usernameDigest(username: string): Promise<string> {
    return (await this.mac('digest', username)).subarray(0, 16).toString('hex');
  }

  /** The group key of a device key (so an issued device key needs no row until it is confirmed). */
  async deviceGroupKey(deviceKey: string): Promise<string> {
    return `-${(await this.mac('device-group', deviceKey)).subarray(0, 9).toString('base64url').replace(/[-_]/g, 'x')}`;
  }
}
