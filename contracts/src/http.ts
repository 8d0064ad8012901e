import { z } from 'zod';

/**
 * How a call answers. The spec has two styles: the older calls return the payload itself
 * ("legacy"); the newer ones wrap it as `{ status, response }` ("envelope").
 */
export type ResponseStyle = 'legacy' | 'envelope';

/**
 * Who may make a call:
 * - public: anyone; an anonymous visitor's `X-Non-Auth-User-Id` is read when present;
 * - owner: a signed-in user or an anonymous visitor that sent its `anon_` id;
 * - user: a signed-in user (Bearer access token);
 * - admin: a signed-in user with the admin role;
 * - viewer: operations console reads: an admin, or a member of the operations-viewer or operations-operator group;
 * - operator: operations console actions: an admin, or a member of the operations-operator group.
 */
export type CallAccess = 'public' | 'owner' | 'user' | 'admin' | 'viewer' | 'operator';

/** Identity groups that give access to the operations console (besides `admin`). */
export const OPERATIONS_GROUPS = { viewer: 'operations-viewer', operator: 'operations-operator' } as const;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallDefinition<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
> {
  /** Stable operation id, also the OpenAPI operationId. */
  readonly id: string;
  /** The backend module that serves the call (also the OpenAPI tag). */
  readonly module: string;
  readonly method: HttpMethod;
  /** Path relative to /api, Express style (`/jobs/:runId`). */
  readonly path: string;
  readonly access: CallAccess;
  readonly style: ResponseStyle;
  readonly summary: string;
  readonly params?: TParams;
  readonly query?: TQuery;
  readonly body?: TBody;
  /**
   * A file upload (multipart/form-data) instead of a JSON body: the file's field and the other fields.
   * The handler reads the stream itself, so a file is never held in memory whole.
   */
  readonly upload?: { readonly fileField: string; readonly fields: z.ZodObject };
  readonly response: TResponse;
  /** HTTP status of a success answer; 200 unless said otherwise. */
  readonly successStatus?: number;
  /**
   * A call other than a GET that answers from read models what the caller's own writes change (a quote, a
   * purchase pricing from the buyer's record): it waits for the caller's writes as a GET does (read-your-writes).
   */
  readonly readsOwnWrites?: boolean;
}

export function defineCall<
  TParams extends z.ZodType = z.ZodNever,
  TQuery extends z.ZodType = z.ZodNever,
  TBody extends z.ZodType = z.ZodNever,
  TResponse extends z.ZodType = z.ZodType,
>(call: CallDefinition<TParams, TQuery, TBody, TResponse>): CallDefinition<TParams, TQuery, TBody, TResponse> {
  return Object.freeze(call);
}

/** The envelope of the newer calls. */
export const envelopeSchema = <T extends z.ZodType>(response: T) => z.object({ status: z.literal('success'), response });

export interface SuccessEnvelope<T> {
  status: 'success';
  response: T;
}

export interface ErrorEnvelope {
  status: 'error';
  /** Human-readable message, the spec's wording where it gives one. */
  error: string;
  /** Machine-readable code, e.g. VALIDATION_FAILED, NOT_FOUND. */
  code: string;
  details?: ValidationIssue[];
}

/** Error body of legacy calls and of anything outside a declared call (404, 413, bad JSON). */
export interface LegacyErrorBody {
  statusCode: number;
  code: string;
  message: string;
  details?: ValidationIssue[];
}

export interface ValidationIssue {
  /** Where the bad value was: `body.email`, `query.limit`. */
  path: string;
  message: string;
}

export const errorCodes = {
  validationFailed: 'VALIDATION_FAILED',
  malformedJson: 'MALFORMED_JSON',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  notFound: 'NOT_FOUND',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  /** Publishing needs a creator-platform plan (402). */
  tierRequired: 'TIER_REQUIRED',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  /** An emailed one-time link that is not one of ours (400), already used or expired (410). */
  linkInvalid: 'LINK_INVALID',
  linkUsed: 'LINK_USED',
  linkExpired: 'LINK_EXPIRED',
  /** A database connection was lost mid-request (a restart, a failover): try again (503, `Retry-After`). */
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL',
} as const;

/** Query string booleans arrive as text: 'true'/'false'/'1'/'0'. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'], { message: "must be 'true' or 'false'" })
  .transform((v) => v === 'true' || v === '1');

/** A positive page size from the query string. */
export const queryLimit = (max: number, fallback: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`)
    .default(fallback);

export const headerNames = {
  authorization: 'authorization',
  timeZone: 'x-time-zone',
  nonAuthUserId: 'x-non-auth-user-id',
  requestId: 'x-request-id',
  /**
   * Read-your-writes: answers to calls that changed something carry the log position they wrote; a
   * client sends the newest one it holds back, and a read then waits (briefly) until the read models
   * have reached it, on whichever API node serves it.
   */
  consistencyToken: 'x-consistency-token',
} as const;

/** Anonymous visitor ids are generated in the browser: 'anon_' followed by 8-64 url-safe characters. */
export const anonymousIdSchema = z.string().regex(/^anon_[A-Za-z0-9_-]{8,64}$/, "must look like 'anon_<id>'");
