import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { RedisConnections } from '../../../../platform/jobs/redis-connections';
import { countInWindow, tooManyRequests } from '../../../../platform/http/fixed-window';

/**
 * checkUserExists tells whether an email has an account (the sign-up form needs it), so it is the
 * one call that could enumerate accounts: a fixed-window count per client address bounds it.
 */
@Injectable()
export class UserChecksLimiter {
  constructor(
    private readonly redis: RedisConnections,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async take(address: string): Promise<void> {
    const key = `${this.redis.prefix}:users:exists-checks:${address}`;
    const count = await countInWindow(this.redis, key, this.config.IDENTITY_SIGNIN_WINDOW_SECONDS);
    if (count > this.config.IDENTITY_USER_CHECKS_PER_ADDRESS) throw tooManyRequests();
  }
}
