import type { HttpMethod } from '@sparkhouse/contracts';
import { apiRoutes } from './routes';
import { callApi, type AnyCall } from './call-api';

/**
 * For calls the spec names whose contracts belong to later issues (e.g. creatorHasAnyApp): looked
 * up by method and path, so they start working the day their contract lands. Declared calls are
 * imported from the contracts directly, never through here.
 */
export function findCall(method: HttpMethod, path: string): AnyCall | undefined {
  return (apiRoutes as readonly AnyCall[]).find((call) => call.method === method && call.path === path);
}

export class CallNotDeclaredError extends Error {
  constructor(method: HttpMethod, path: string) {
    super(`${method} ${path} is not declared in the contracts yet`);
    this.name = 'CallNotDeclaredError';
  }
}

const callLoosely = callApi as unknown as (call: AnyCall, options?: { signal?: AbortSignal }) => Promise<unknown>;

export function callIfDeclared(method: HttpMethod, path: string, options?: { signal?: AbortSignal }): Promise<unknown> {
  const call = findCall(method, path);
  if (!call) return Promise.reject(new CallNotDeclaredError(method, path));
  return callLoosely(call, options);
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
