import { errorCodes } from '@sparkhouse/contracts';
import { ApiError } from './errors';
import type { RedisConnections } from '../jobs/redis-connections';

/** Counts one more request under `key` in a fixed window of `windowSeconds`; answers the count so far. */
export async function countInWindow(redis: RedisConnections, key: string, windowSeconds: number): Promise<number> {
  const results = await redis.shared().multi().set(key, 0, 'EX', windowSeconds, 'NX').incr(key).exec();
  return Number(results?.[1]?.[1] ?? 0);
}

export const tooManyRequests = () => new ApiError(429, errorCodes.tooManyRequests, 'Too many requests. Please try again later.');
