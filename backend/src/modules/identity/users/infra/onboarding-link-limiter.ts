import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { RedisConnections } from '../../../../platform/jobs/redis-connections';
import { countInWindow, tooManyRequests } from '../../../../platform/http/fixed-window';

/**
 * Emailed plan links are mail sent to an address on a stranger's word: counted per address asked for
 * and per client address, with the limits and window of the identity provider's emailed codes. Both
 * are counted before anything is looked up, so a refusal says nothing about the address.
 */
@Injectable()
export class OnboardingLinkLimiter {
  constructor(
    private readonly redis: RedisConnections,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async take(email: string, clientAddress: string): Promise<void> {
    const prefix = `${this.redis.prefix}:users:plan-links`;
    const window = this.config.IDENTITY_RESET_WINDOW_SECONDS;
    const [perEmail, perAddress] = await Promise.all([
      countInWindow(this.redis, `${prefix}:email:${email}`, window),
      countInWindow(this.redis, `${prefix}:address:${clientAddress}`, window),
    ]);
    if (perEmail > this.config.IDENTITY_RESETS_PER_ACCOUNT || perAddress > this.config.IDENTITY_RESETS_PER_ADDRESS) {
      throw tooManyRequests();
    }
  }
}
