import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { RedisConnections } from '../../../../platform/jobs/redis-connections';
import { messages, tooManyRequests } from '../domain/protocol-errors';

type Counter = 'signin-failures' | 'code-requests';

/**
 * Fixed-window Redis counters per account and per client address. Sign-in counts failures only
 * (checked before every attempt); code requests count every request.
 */
@Injectable()
export class RateLimiter {
  constructor(
    private readonly redis: RedisConnections,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private limits(counter: Counter) {
    const c = this.config;
    return counter === 'signin-failures'
      ? {
          account: c.IDENTITY_SIGNIN_FAILURES_PER_ACCOUNT,
          address: c.IDENTITY_SIGNIN_FAILURES_PER_ADDRESS,
          window: c.IDENTITY_SIGNIN_WINDOW_SECONDS,
        }
      : {
          account: c.IDENTITY_RESETS_PER_ACCOUNT,
          address: c.IDENTITY_RESETS_PER_ADDRESS,
          window: c.IDENTITY_RESET_WINDOW_SECONDS,
        };
  }

  private keys(counter: Counter, account: string, address: string) {
    const p = `${this.redis.prefix}:idp:${counter}`;
    return { account: `${p}:account:${account}`, address: `${p}:address:${address}` };
  }

  /** Refuses with TooManyRequestsException when either counter is at its limit. */
  async assertSignInAllowed(account: string, address: string): Promise<void> {
    const limits = this.limits('signin-failures');
    const keys = this.keys('signin-failures', account, address);
    const [a, b] = await this.redis.shared().mget(keys.account, keys.address);
    if (Number(a ?? 0) >= limits.account || Number(b ?? 0) >= limits.address) throw tooManyRequests(messages.tooManyFailures);
  }

  async recordSignInFailure(account: string, address: string): Promise<void> {
    await this.bump('signin-failures', account, address);
  }

  /** A successful sign-in clears the account's failures (not the address's). */
  async clearSignInFailures(account: string): Promise<void> {
    await this.redis.shared().del(this.keys('signin-failures', account, '').account);
  }

  /** Counts a code request and refuses it once over the limit. */
  async takeCodeRequest(account: string, address: string): Promise<void> {
    const limits = this.limits('code-requests');
    const [a, b] = await this.bump('code-requests', account, address);
    if (a > limits.account || b > limits.address) throw tooManyRequests(messages.tooManyCodes);
  }

  private async bump(counter: Counter, account: string, address: string): Promise<[number, number]> {
    const { window } = this.limits(counter);
    const keys = this.keys(counter, account, address);
    const results = await this.redis
      .shared()
      .multi()
      .set(keys.account, 0, 'EX', window, 'NX')
      .incr(keys.account)
      .set(keys.address, 0, 'EX', window, 'NX')
      .incr(keys.address)
      .exec();
    return [Number(results?.[1]?.[1] ?? 0), Number(results?.[3]?.[1] ?? 0)];
  }
}
