import { Injectable, Optional, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { requestContext } from '../context/request-context';
import { CallerWrites } from '../consistency/caller-writes';
import type { SerialisedJson } from './serialised-json';

/** At most this many URLs are remembered; the oldest is dropped first. */
const MAX_URLS = 5000;
/**
 * After a refresh that brought back no fresher answer (the producer's own cache was still refreshing),
 * the next request for that URL is let through to routing no sooner than this.
 */
export const REFRESH_RETRY_MS = 20;

interface Kept {
  answer: SerialisedJson;
  /** Until when it may be answered at all: its staleUntil, else its sharedUntil. */
  keptUntil: number;
}

/**
 * Answers of public GET calls that are the same for every caller of a URL for a while (a handler
 * returned a SerialisedJson with `sharedUntil`, e.g. a listing page from the catalogue's listing
 * cache). The response-style interceptor remembers them by URL once the call has been routed,
 * validated and answered 200; until `sharedUntil`, a request for the very same URL is answered with
 * the same bytes and ETag (304 when If-None-Match matches) without routing, validation or the
 * handler. Security headers, CORS, the request id, X-Time-Zone checks and the request logger run
 * before this, as for any request (configure-api-app mounts it right after them).
 *
 * Stale-while-revalidate: an answer with a `staleUntil` (the time its producer's cache would still
 * serve it stale, e.g. the listing cache: CATALOGUE_LIST_CACHE_MS past its freshness) is still
 * answered between `sharedUntil` and `staleUntil` while one request at a time per URL (single flight)
 * is routed to pick up the refreshed answer. Never past `staleUntil`: an answer is never older than its
 * producer's cache would serve it.
 *
 * Read-your-writes: a kept answer (fresh or stale) may predate a write of the caller's own, so it goes
 * only to callers who have none: nobody identified, or a user / anonymous visitor with no write
 * remembered by CallerWrites (one Redis GET, reused by CallerConsistency if the call is routed). A
 * caller with a remembered write is routed: it waits for the read models (CallerConsistency) and
 * passes the listing cache by (RequestContext.ownWrite). A read with an X-Consistency-Token has waited
 * for the read models already (readYourWritesMiddleware, mounted before this), as it always did.
 */
@Injectable()
export class SharedAnswers implements NestMiddleware {
  constructor(@Optional() private readonly writes?: CallerWrites) {}

  private readonly byUrl = new Map<string, Kept>();
  /** URLs with a refresh under way (Infinity) or not to be retried before the time given. */
  private readonly refreshing = new Map<string, number>();

  /** The clock, in epoch milliseconds (a seam for tests). */
  protected now(): number {
    return Date.now();
  }

  /** Called for a public GET call's answer; ignored unless the answer is shared and may still be answered. */
  remember(url: string, answer: SerialisedJson): void {
    if (answer.sharedUntil === undefined) return;
    const keptUntil = Math.max(answer.sharedUntil, answer.staleUntil ?? 0);
    const now = this.now();
    if (keptUntil <= now) return;
    this.byUrl.delete(url); // re-insert: Map order is the order for eviction
    this.byUrl.set(url, { answer, keptUntil });
    if (this.byUrl.size > MAX_URLS) this.byUrl.delete(this.byUrl.keys().next().value as string);
    // answers nobody asked for again expire at the front: let them go instead of holding them until evicted
    for (const [oldUrl, old] of this.byUrl) {
      if (old.keptUntil > now) break;
      this.byUrl.delete(oldUrl);
    }
  }

  /** The fresh shared answer for this URL, if any. */
  lookup(url: string): SerialisedJson | undefined {
    const found = this.byUrl.get(url);
    return found && found.answer.sharedUntil! > this.now() ? found.answer : undefined;
  }

  get size(): number {
    return this.byUrl.size;
  }

  use(req: Request, res: Response, next: NextFunction): void {
    if (req.method !== 'GET' || !this.byUrl.has(req.originalUrl)) return next();
    // a kept answer may predate a write of the caller's own: only callers who have none get one
    const ctx = requestContext.current();
    if (CallerWrites.owner(ctx?.principal) === null) return this.serve(req, res, next);
    if (!ctx || !this.writes) return next();
    this.writes.lastWriteOf(ctx).then((at) => (at ? next() : this.serve(req, res, next)), next);
  }

  /** Answers the kept answer of this URL: fresh, or stale while one request at a time is routed to refresh it. */
  private serve(req: Request, res: Response, next: NextFunction): void {
    const url = req.originalUrl;
    const found = this.byUrl.get(url);
    const now = this.now();
    if (!found) return next();
    if (found.keptUntil <= now) {
      this.byUrl.delete(url);
      return next();
    }
    if (found.answer.sharedUntil! <= now && (this.refreshing.get(url) ?? 0) <= now) {
      this.refreshing.set(url, Infinity);
      res.once('close', () => {
        const after = this.byUrl.get(url);
        if (after && after.answer.sharedUntil! > this.now()) this.refreshing.delete(url);
        else this.refreshing.set(url, this.now() + REFRESH_RETRY_MS);
        if (this.refreshing.size > MAX_URLS) this.refreshing.delete(this.refreshing.keys().next().value as string);
      });
      return next();
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('ETag', found.answer.etag);
    if (req.fresh) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Length', found.answer.byteLength);
    res.end(found.answer.bytes);
  }
}
