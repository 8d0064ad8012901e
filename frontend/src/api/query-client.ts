import { QUERY_CACHE } from '@sparkhouse/contracts/constants';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** Retry transient failures only: a 4xx answer will be the same the next time. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < QUERY_CACHE.retries;
}

/** Exponential backoff: 1 s, 2 s, 4 s ... capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_CACHE.maxRetryDelayMs);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_CACHE.gcTimeMs,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
