import { Inject, Injectable } from '@nestjs/common';
import { srpVerifier, userPoolName } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';

/**
 * The SRP salt and verifier of a password, made whenever a password is set (sign-up, reset, change,
 * new-password challenge) — the password itself is never kept. The user pool's name and the
 * account's user id (USER_ID_FOR_SRP) are part of the derivation, as in the hosted pool.
 */
@Injectable()
export class SrpCredentials {
  readonly poolName: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.poolName = userPoolName(config.IDENTITY_USER_POOL_ID);
  }

  async forPassword(userId: string, password: string): Promise<{ srpSalt: string; srpVerifier: string }> {
    const { salt, verifier } = await srpVerifier(this.poolName, userId, password);
    return { srpSalt: salt, srpVerifier: verifier };
  }
}
