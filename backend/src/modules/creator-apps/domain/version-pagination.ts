import type { DocumentVersion } from './document-versions';

/** Spec 9: version history pages default to 20; 100 caps one request's work. */
export const DEFAULT_VERSION_PAGE_LIMIT = 20;
export const MAX_VERSION_PAGE_LIMIT = 100;

export interface VersionPage<C = unknown> {
  readonly versions: readonly DocumentVersion<C>[];
  readonly nextCursor: string | null;
  readonly hasMore: boolean;
}

export interface PageRequest {
  readonly cursor?: string | null;
  readonly limit?: number | null;
}

export class PaginationError extends Error {
  constructor(
    readonly code: 'invalid-cursor' | 'invalid-limit',
    message: string,
  ) {
    super(message);
    this.name = 'PaginationError';
  }
}

/**
 * The cursor names the version number the next page starts below. Version numbers never change
 * (history is append-only), so saving while someone pages neither skips nor repeats versions,
 * which an offset would. Opaque to clients: base64url of the decimal number.
 */
export const encodeVersionCursor = (beforeNumber: number): string => Buffer.from(String(beforeNumber)).toString('base64url');

export function decodeVersionCursor(cursor: string): number {
  const bad = () => new PaginationError('invalid-cursor', 'Invalid version history cursor');
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw bad();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  // Buffer decoding is lenient; only the canonical encoding of a positive integer is accepted
  if (!/^[1-9][0-9]*$/.test(text) || encodeVersionCursor(Number(text)) !== cursor) throw bad();
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw bad();
  return n;
}

export function resolveLimit(limit: number | null | undefined): number {
  if (limit === undefined || limit === null) return DEFAULT_VERSION_PAGE_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) throw new PaginationError('invalid-limit', 'limit must be a positive integer');
  return Math.min(limit, MAX_VERSION_PAGE_LIMIT);
}

/** One page of a history, newest first. */
export function pageVersions<C>(versions: readonly DocumentVersion<C>[], request: PageRequest = {}): VersionPage<C> {
  const limit = resolveLimit(request.limit);
  const before = request.cursor ? decodeVersionCursor(request.cursor) : Infinity;
  const newestFirst = versions.filter((v) => v.number < before).sort((a, b) => b.number - a.number);
  const page = newestFirst.slice(0, limit);
  const hasMore = newestFirst.length > limit;
  return {
    versions: page,
    nextCursor: hasMore ? encodeVersionCursor(page[page.length - 1].number) : null,
    hasMore,
  };
}
