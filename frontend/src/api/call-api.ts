import type { CallRoute } from '@sparkhouse/contracts/call-routes';
import type {
  CallBody,
  CallDefinition,
  CallParams,
  CallQuery,
  CallResponse,
  ErrorEnvelope,
  LegacyErrorBody,
} from '@sparkhouse/contracts';
import type { z } from 'zod';
import { getAnonymousId } from './anonymous-id';
import { ApiError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from './api-error';
import { CONSISTENCY_HEADER, consistencyToken, rememberConsistencyToken } from './consistency-token';
import { getAccessToken } from './token-store';

export const API_PREFIX = '/api';

/** A declared call, or its route (src/api/routes.ts: what the first page's code uses). */
export type AnyCall =
  | CallDefinition<z.ZodType, z.ZodType, z.ZodType, z.ZodType>
  | CallRoute<CallDefinition<z.ZodType, z.ZodType, z.ZodType, z.ZodType>>;

/** A call without params/body takes none; one whose fields are all optional may omit the object. */
type Field<K extends string, T> = [T] extends [never]
  ? { [P in K]?: undefined }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export type CallApiOptions<C extends AnyCall> = Field<'params', CallParams<C>> &
  Field<'query', CallQuery<C>> &
  Field<'body', CallBody<C>> & {
    signal?: AbortSignal;
    /** Let the request outlive the page (analytics on pagehide). */
    keepalive?: boolean;
    /** Send the anonymous visitor id even when signed in (the app builder's retry without sign-in). */
    anonymous?: boolean;
    /** Speak for this session rather than the page's (a sign-in not yet handed to the app: its user is being made). */
    accessToken?: string;
  };

type CallApiArgs<C extends AnyCall> =
  object extends CallApiOptions<C> ? [options?: CallApiOptions<C>] : [options: CallApiOptions<C>];

export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export function buildQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => search.append(key, String(item)));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function currentTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Identity headers: the Bearer token when signed in, otherwise the anonymous visitor id. */
export function identityHeaders(token: string | null = getAccessToken()): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : { 'X-Non-Auth-User-Id': getAnonymousId() };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The ApiError of a failed answer, whichever error shape the server used. */
export function errorFromBody(status: number, body: unknown): ApiError {
  if (isObject(body) && body.status === 'error' && typeof body.error === 'string') {
    const envelope = body as unknown as ErrorEnvelope;
    return new ApiError({ status, code: envelope.code ?? 'ERROR', message: envelope.error, details: envelope.details });
  }
  if (isObject(body) && typeof body.message === 'string') {
    const legacy = body as unknown as LegacyErrorBody;
    return new ApiError({ status, code: legacy.code ?? `HTTP_${status}`, message: legacy.message, details: legacy.details });
  }
  return new ApiError({ status, code: `HTTP_${status}`, message: GENERIC_ERROR_MESSAGE });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Make one declared call. Types flow from the contract: params, query, body and the answer.
 * Envelope calls resolve to their `response`; legacy calls to the payload itself.
 */
export async function callApi<C extends AnyCall>(call: C, ...[options]: CallApiArgs<C>): Promise<CallResponse<C>> {
  const opts = (options ?? {}) as CallApiOptions<C>;
  const url =
    API_PREFIX +
    buildPath(call.path, opts.params as Record<string, unknown> | undefined) +
    buildQueryString(opts.query as Record<string, unknown> | undefined);

  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Time-Zone': currentTimeZone(),
    ...(opts.anonymous ? { 'X-Non-Auth-User-Id': getAnonymousId() } : identityHeaders(opts.accessToken)),
  };
  const hasBody = opts.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  // read-your-writes: a read waits until the read models show this tab's own latest change
  const written = consistencyToken();
  if (written) headers[CONSISTENCY_HEADER] = written;

  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method,
      headers,
      body: hasBody ? JSON.stringify(opts.body) : undefined,
      signal: opts.signal,
      keepalive: opts.keepalive,
    });
  } catch (error) {
    // Cancellation is not a failure: let react-query (or the caller) see the abort as-is.
    if (opts.signal?.aborted) throw error;
    return Promise.reject(new ApiError({ status: 0, code: 'NETWORK', message: NETWORK_ERROR_MESSAGE }));
  }

  rememberConsistencyToken(response.headers?.get(CONSISTENCY_HEADER));
  const body = await readJson(response);
  if (!response.ok) throw errorFromBody(response.status, body);

  if (call.style === 'legacy') return body as CallResponse<C>;

  if (isObject(body) && body.status === 'success' && 'response' in body) return body.response as CallResponse<C>;
  if (isObject(body) && body.status === 'error') throw errorFromBody(response.status, body);
  throw new ApiError({ status: response.status, code: 'INVALID_RESPONSE', message: 'Invalid response format' });
}
