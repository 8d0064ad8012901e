import { Inject, Injectable } from '@nestjs/common';
import { errorCodes } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { ApiError } from '../../../../platform/http/errors';
import { RedisConnections } from '../../../../platform/jobs/redis-connections';

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
    const results = await this.redis
      .shared()
      .multi()
      .set(key, 0, 'EX', this.config.IDENTITY_SIGNIN_WINDOW_SECONDS, 'NX')
      .incr(key)
      .exec();
    if (Number(results?.[1]?.[1] ?? 0) > this.config.IDENTITY_USER_CHECKS_PER_ADDRESS) {
      throw new ApiError(429, errorCodes.tooManyRequests, 'Too many requests. Please try again later.');
    }
  }
}
