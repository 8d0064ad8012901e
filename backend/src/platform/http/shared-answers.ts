import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import { Injectable, Optional, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Counter } from 'prom-client';
import { headerNames } from '@sparkhouse/contracts';
import { isValidTimeZone, requestContext } from '../context/request-context';
import { CallerWrites } from '../consistency/caller-writes';
import type { Metrics } from '../metrics/metrics';
import type { SerialisedJson } from './serialised-json';

/** At most this many URLs are remembered; the oldest is dropped first. */
const MAX_URLS = 5000;
/**
 * After a routed refresh that brought back no fresher answer (the producer's own cache was still
 * refreshing, one page at a time), the next request for that URL is routed again no sooner than this.
 * A producer that renews its answers (SerialisedJson.renewedBy, as the listing cache does) hands the
 * refreshed answer over as soon as it has it; routing again only matters when its refresh failed.
 */
export const REFRESH_RETRY_MS = 500;

/** The request line the request logger writes for a request answered at the front door. */
export interface FrontDoorRequestLine {
  reqId: string;
  method: string;
  route: string;
  status: number;
  ms: number;
}

export interface FrontDoorOptions {
  /** Request durations go into its HTTP histogram, as for routed requests; answer counts are exposed too. */
  metrics?: Metrics;
  /** Writes a request line (the request logger's, at `info`); absent when request lines are off. */
  requestLine?: (line: FrontDoorRequestLine) => void;
}

/** How a routed answer went out to a caller with nothing of their own: replayed by the front door. */
interface PlainHead {
  /** The metrics and request-line route of the call (`/api/getProducts`). */
  route: string;
  /** Its headers that are the same for every such caller (security headers, CORS), as name/value pairs. */
  common: string[];
  /** Its durations' HTTP histogram series by status, bound once (no label object to build and check per request). */
  observers?: Partial<Record<200 | 304, (seconds: number) => void>>;
}

interface Kept {
  answer: SerialisedJson;
  /** Until when it may be answered at all: its staleUntil, else its sharedUntil. */
  keptUntil: number;
  plain?: PlainHead;
  /** Header lists for the front door, built once per answer (the request id goes in the last value). */
  head200?: string[];
  head304?: string[];
}

/** Headers of a routed answer that belong to that request or that answer only, never replayed as they are. */
const OWN_HEADERS = new Set([
  'x-request-id',
  'content-length',
  'content-type',
  'etag',
  'set-cookie',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  headerNames.consistencyToken,
]);

/**
 * A caller the front door may answer: nobody identified (no credentials, no anonymous id, so no write
 * of their own to see), no consistency token to wait for, no CORS request (its headers depend on the
 * Origin). Everyone else goes through the pipeline, where the same kept answer may still reach them.
 */
function plainCaller(h: IncomingHttpHeaders): boolean {
  return (
    h.authorization === undefined &&
    h[headerNames.nonAuthUserId] === undefined &&
    h[headerNames.consistencyToken] === undefined &&
    h.origin === undefined &&
    h['access-control-request-method'] === undefined
  );
}

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;
const NO_CACHE = /(?:^|,)\s*?no-cache\s*?(?:,|$)/;

/** Whether Express would answer 304 to these request headers for a body with this ETag (and no Last-Modified). */
function notModified(h: IncomingHttpHeaders, etag: string): boolean {
  const noneMatch = h['if-none-match'];
  if (!noneMatch || h['if-modified-since'] !== undefined) return false;
  const cacheControl = h['cache-control'];
  if (cacheControl && NO_CACHE.test(cacheControl)) return false;
  if (noneMatch === '*') return true;
  for (const raw of noneMatch.split(',')) {
    const tag = raw.trim();
    if (tag === etag || `W/${tag}` === etag || tag === `W/${etag}`) return true;
  }
  return false;
}

/** Marks a request the front door let through to be routed as its URL's refresh (the pipeline must not answer it). */
const ROUTED_TO_REFRESH = Symbol('sparkhouse.sharedAnswers.refresh');
type Marked = { [ROUTED_TO_REFRESH]?: true };

/**
 * Answers of public GET calls that are the same for every caller of a URL for a while (a handler
 * returned a SerialisedJson with `sharedUntil`, e.g. a listing page from the catalogue's listing
 * cache). The answer shaper remembers them by URL once the call has been routed, validated and
 * answered 200; until `sharedUntil`, a request for the very same URL is answered with the same bytes
 * and ETag (304 when If-None-Match matches) without routing, validation or the handler.
 *
 * Two places answer them:
 * - the front door (`openFrontDoor`): the HTTP server's own request listener, ahead of Express, for a
 *   caller with nothing of their own (see plainCaller). It sends exactly the headers the routed answer
 *   of that URL went out with for such a caller (security headers, CORS; captured when it was
 *   remembered), its own request id (X-Request-Id as given when sane, else a new one), the kept bytes
 *   and ETag; an X-Time-Zone that is not a time zone is left to the pipeline (400). Its duration goes
 *   into the HTTP histogram under the call's route and status, and its request line is written as the
 *   request logger writes one.
 * - the pipeline middleware (`use`), right after security headers, CORS, metrics, the request context
 *   and the request log, for everyone else (a signed-in member, a visitor with an anonymous id).
 *
 * Stale-while-revalidate: an answer with a `staleUntil` (the time its producer's cache would still
 * serve it stale, e.g. the listing cache: CATALOGUE_LIST_CACHE_MS past its freshness) is still
 * answered between `sharedUntil` and `staleUntil` while one request at a time per URL (single flight)
 * is routed, which makes the producer start its refresh. The producer hands the refreshed answer over
 * when it has it (SerialisedJson.renewedBy): it is answered from then on. Without it, a request is
 * routed again no sooner than REFRESH_RETRY_MS. Never past `staleUntil`: an answer is never older than
 * its producer's cache would serve it.
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
  /** Valid X-Time-Zone values seen at the front door (bounded). */
  private readonly zones = new Set<string>();
  private frontDoor: FrontDoorOptions | null = null;
  /** Requests answered with a kept answer, by where; requests routed to refresh a stale one. */
  readonly counts = { frontDoor: 0, pipeline: 0, routedToRefresh: 0 };

  /** The clock, in epoch milliseconds (a seam for tests). */
  protected now(): number {
    return Date.now();
  }

  /**
   * Called for a public GET call's answer; ignored unless the answer is shared and may still be
   * answered. With the exchange that produced it (`route` the call's path, `/api/...`), the headers it
   * went out with are kept for the front door when its caller was one the front door answers.
   */
  remember(url: string, given: SerialisedJson, exchange?: { req: IncomingMessage; res: ServerResponse; route: string }): void {
    if (given.sharedUntil === undefined) return;
    const answer = given.latest;
    const keptUntil = keptUntilOf(answer);
    const now = this.now();
    if (keptUntil <= now) return;
    const before = this.byUrl.get(url);
    const plain = exchange && plainCaller(exchange.req.headers) ? capture(exchange.res, exchange.route) : before?.plain;
    this.byUrl.delete(url); // re-insert: Map order is the order for eviction
    this.byUrl.set(url, { answer, keptUntil, plain });
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
    const answer = found?.answer.latest;
    return answer && (answer.sharedUntil ?? 0) > this.now() ? answer : undefined;
  }

  get size(): number {
    return this.byUrl.size;
  }

  /**
   * Puts the front door in front of `server`'s request listeners (Express): a request it answers
   * never reaches them. Call once, after the application made its server and before it listens.
   */
  openFrontDoor(server: Server, options: FrontDoorOptions = {}): void {
    if (this.frontDoor) throw new Error('the front door of SharedAnswers is already open');
    this.frontDoor = options;
    const counts = this.counts;
    if (options.metrics) {
      new Counter({
        name: 'sparkhouse_shared_answers_total',
        help: 'Requests answered with a kept shared answer (front door, pipeline) or routed to refresh one',
        labelNames: ['answered'] as const,
        registers: [options.metrics.registry],
        collect() {
          this.reset();
          this.inc({ answered: 'front-door' }, counts.frontDoor);
          this.inc({ answered: 'pipeline' }, counts.pipeline);
          this.inc({ answered: 'routed-to-refresh' }, counts.routedToRefresh);
        },
      });
    }
    const routed = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (this.answerAtFrontDoor(req, res)) return;
      for (const listener of routed) listener.call(server, req, res);
    });
  }

  /** Answers `req` with its URL's kept answer when the front door may; false: the pipeline takes it. */
  answerAtFrontDoor(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET') return false;
    const url = req.url!;
    const kept = this.byUrl.get(url);
    if (!kept?.plain || !plainCaller(req.headers)) return false;
    const tz = req.headers[headerNames.timeZone];
    if (tz !== undefined && !this.knownZone(tz)) return false;
    const started = performance.now();
    const found = this.pick(url, res);
    if (found === 'route') return false;
    if (found === 'refresh') {
      (req as IncomingMessage & Marked)[ROUTED_TO_REFRESH] = true;
      return false;
    }
    const plain = found.plain!;
    const given = req.headers[headerNames.requestId];
    const requestId = typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    const answer = found.answer;
    let status: number;
    if (notModified(req.headers, answer.etag)) {
      status = 304;
      const head = (found.head304 ??= [...plain.common, 'ETag', answer.etag, 'X-Request-Id', '']);
      head[head.length - 1] = requestId;
      res.writeHead(304, head);
      res.end();
    } else {
      status = 200;
      const head = (found.head200 ??= [
        ...plain.common,
        'Content-Type',
        'application/json; charset=utf-8',
        'ETag',
        answer.etag,
        'Content-Length',
        String(answer.byteLength),
        'X-Request-Id',
        '',
      ]);
      head[head.length - 1] = requestId;
      res.writeHead(200, head);
      res.end(answer.bytes);
    }
    this.counts.frontDoor += 1;
    const ms = performance.now() - started;
    const metrics = this.frontDoor?.metrics;
    if (metrics) {
      const observers = (plain.observers ??= {});
      const observe = (observers[status as 200 | 304] ??= metrics.httpDuration.labels({
        method: 'GET',
        route: plain.route,
        status: String(status),
      }).observe);
      observe(ms / 1000);
    }
    this.frontDoor?.requestLine?.({
      reqId: requestId,
      method: 'GET',
      route: plain.route,
      status,
      ms: Math.round(ms * 100) / 100,
    });
    return true;
  }

  use(req: Request, res: Response, next: NextFunction): void {
    if (req.method !== 'GET' || !this.byUrl.has(req.originalUrl)) return next();
    // the front door let this one through to refresh its URL
    if ((req as Request & Marked)[ROUTED_TO_REFRESH]) return next();
    // a kept answer may predate a write of the caller's own: only callers who have none get one
    const ctx = requestContext.current();
    if (CallerWrites.owner(ctx?.principal) === null) return this.serve(req, res, next);
    if (!ctx || !this.writes) return next();
    this.writes.lastWriteOf(ctx).then((at) => (at ? next() : this.serve(req, res, next)), next);
  }

  /** Answers the kept answer of this URL: fresh, or stale while one request at a time is routed to refresh it. */
  private serve(req: Request, res: Response, next: NextFunction): void {
    const found = this.pick(req.originalUrl, res);
    if (found === 'route' || found === 'refresh') return next();
    this.counts.pipeline += 1;
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

  /**
   * What to do with a request for `url`: answer the kept entry (fresh, or stale while a refresh is
   * under way), route it as the URL's refresh (single flight: `res` closing ends it), or route it
   * (nothing that may still be answered).
   */
  private pick(url: string, res: ServerResponse): Kept | 'refresh' | 'route' {
    const found = this.byUrl.get(url);
    if (!found) return 'route';
    const now = this.now();
    const latest = found.answer.latest;
    if (latest !== found.answer) {
      // the producer renewed it: answer the renewal from now on
      found.answer = latest;
      found.keptUntil = keptUntilOf(latest);
      found.head200 = found.head304 = undefined;
      if ((latest.sharedUntil ?? 0) > now) this.refreshing.delete(url);
    }
    if (found.keptUntil <= now) {
      this.byUrl.delete(url);
      return 'route';
    }
    if ((found.answer.sharedUntil ?? 0) <= now && (this.refreshing.get(url) ?? 0) <= now) {
      this.refreshing.set(url, Infinity);
      this.counts.routedToRefresh += 1;
      res.once('close', () => {
        const after = this.byUrl.get(url);
        if (after && (after.answer.latest.sharedUntil ?? 0) > this.now()) this.refreshing.delete(url);
        else this.refreshing.set(url, this.now() + REFRESH_RETRY_MS);
        if (this.refreshing.size > MAX_URLS) this.refreshing.delete(this.refreshing.keys().next().value as string);
      });
      return 'refresh';
    }
    return found;
  }

  private knownZone(tz: string | string[]): boolean {
    if (typeof tz !== 'string') return false;
    if (this.zones.has(tz)) return true;
    if (!isValidTimeZone(tz)) return false;
    if (this.zones.size < 1000) this.zones.add(tz);
    return true;
  }
}

/** Until when an answer may be answered at all: its staleUntil, else its sharedUntil (never: 0). */
const keptUntilOf = (answer: SerialisedJson) => Math.max(answer.sharedUntil ?? 0, answer.staleUntil ?? 0);

/** The headers a routed answer carries for every caller the front door answers, as name/value pairs. */
function capture(res: ServerResponse, route: string): PlainHead {
  const common: string[] = [];
  for (const name of res.getHeaderNames()) {
    if (OWN_HEADERS.has(name)) continue;
    const value = res.getHeader(name);
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) common.push(name, String(v));
  }
  return { route, common };
}
