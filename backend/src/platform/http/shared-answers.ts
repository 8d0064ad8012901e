import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { SerialisedJson } from './serialised-json';

/** At most this many URLs are remembered; the oldest is dropped first. */
const MAX_URLS = 5000;

/**
 * Answers of public GET calls that are the same for every caller of a URL for a while (a handler
 * returned a SerialisedJson with `sharedUntil`, e.g. a listing page from the catalogue's listing
 * cache). The response-style interceptor remembers them by URL once the call has been routed,
 * validated and answered 200; until `sharedUntil`, a request for the very same URL is answered with
 * the same bytes and ETag (304 when If-None-Match matches) without routing, validation or the
 * handler. Security headers, CORS, the request id, X-Time-Zone checks and the request logger run
 * before this, as for any request (configure-api-app mounts it right after them). Nothing is remembered past `sharedUntil`, so an answer is never
 * older than its producer's cache would serve it as fresh.
 */
@Injectable()
export class SharedAnswers implements NestMiddleware {
  private readonly byUrl = new Map<string, SerialisedJson>();

  /** The clock, in epoch milliseconds (a seam for tests). */
  protected now(): number {
    return Date.now();
  }

  /** Called for a public GET call's answer; ignored unless the answer is shared and still fresh. */
  remember(url: string, answer: SerialisedJson): void {
    if (answer.sharedUntil === undefined || answer.sharedUntil <= this.now()) return;
    this.byUrl.delete(url); // re-insert: Map order is the order for eviction
    this.byUrl.set(url, answer);
    if (this.byUrl.size > MAX_URLS) this.byUrl.delete(this.byUrl.keys().next().value as string);
    // answers nobody asked for again expire at the front: let them go instead of holding them until evicted
    for (const [oldUrl, old] of this.byUrl) {
      if (old.sharedUntil! > this.now()) break;
      this.byUrl.delete(oldUrl);
    }
  }

  /** The fresh shared answer for this URL, if any. */
  lookup(url: string): SerialisedJson | undefined {
    const found = this.byUrl.get(url);
    if (found === undefined) return undefined;
    if (found.sharedUntil! > this.now()) return found;
    this.byUrl.delete(url);
    return undefined;
  }

  get size(): number {
    return this.byUrl.size;
  }

  use(req: Request, res: Response, next: NextFunction): void {
    const answer = req.method === 'GET' ? this.lookup(req.originalUrl) : undefined;
    if (!answer) return next();
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('ETag', answer.etag);
    if (req.fresh) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Length', answer.byteLength);
    res.end(answer.bytes);
  }
}
