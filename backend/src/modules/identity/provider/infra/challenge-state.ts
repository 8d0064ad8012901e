import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { identityProtocol } from '@sparkhouse/contracts';
import { RedisConnections } from '../../../../platform/jobs/redis-connections';

/**
 * Server-side state of a sign-in challenge that the client must not see (the SRP secret b, a custom
 * challenge's private parameters), in Redis under a random id, for as long as a challenge session
 * lives. Every API node shares it; `take` reads and deletes at once, so an answer counts once.
 */
@Injectable()
export class ChallengeState {
  constructor(private readonly redis: RedisConnections) {}

  private key(id: string) {
    return `${this.redis.prefix}:idp:challenge:${id}`;
  }

  async put(state: object): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    await this.redis.shared().set(this.key(id), JSON.stringify(state), 'EX', identityProtocol.challengeSessionTtlSeconds);
    return id;
  }

  async get<T>(id: string): Promise<T | null> {
    if (!/^[\w-]{43}$/.test(id)) return null;
    const text = await this.redis.shared().get(this.key(id));
    return text ? (JSON.parse(text) as T) : null;
  }

  /** Reads and deletes; null when it was already taken (or expired). */
  async take<T>(id: string): Promise<T | null> {
    if (!/^[\w-]{43}$/.test(id)) return null;
    const text = await this.redis.shared().getdel(this.key(id));
    return text ? (JSON.parse(text) as T) : null;
  }
}
