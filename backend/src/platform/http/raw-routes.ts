import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

interface RawRoute {
  /** Path prefix, e.g. `/api/payments/webhook`; matched on segment boundaries. */
  prefix: string;
  handler: (req: Request, res: Response, next: NextFunction) => void;
  /** Served ahead of the request pipeline (see register). */
  ahead: boolean;
}

/** Where a RawRoutes middleware is mounted: ahead of the request pipeline, or in it (before the body parsers). */
export type RawRoutesPlacement = 'ahead' | 'in-pipeline';

/**
 * HTTP handlers that must see the request body unread (a signed webhook, a proxied API). Modules
 * register them while the application is created; the API process mounts them after the request
 * context and before the JSON body parsers, or ahead of the whole request pipeline (register's
 * `ahead`). `mounted` tells a module it runs in a process that serves HTTP (the worker process has none).
 */
@Injectable()
export class RawRoutes {
  private readonly routes: RawRoute[] = [];
  private isMounted = false;

  /**
   * `ahead`: served before the request pipeline (security headers, CORS, metrics, request context and
   * request log) — for machine-to-machine endpoints that must answer in milliseconds under bursts and
   * need none of it, such as a signed webhook. Pages for browsers stay in the pipeline.
   */
  register(prefix: string, handler: RawRoute['handler'], { ahead = false }: { ahead?: boolean } = {}): void {
    this.routes.push({ prefix: prefix.replace(/\/+$/, ''), handler, ahead });
  }

  get mounted(): boolean {
    return this.isMounted;
  }

  middleware(placement: RawRoutesPlacement = 'in-pipeline'): RequestHandler {
    this.isMounted = true;
    const ahead = placement === 'ahead';
    return (req, res, next) => {
      const path = req.path;
      const found = this.routes.find((r) => r.ahead === ahead && (path === r.prefix || path.startsWith(`${r.prefix}/`)));
      if (!found) return next();
      // the handler sees the rest of the path, as with app.use(prefix, handler)
      const originalUrl = req.url;
      req.url = req.url.slice(found.prefix.length) || '/';
      if (!req.url.startsWith('/')) req.url = `/${req.url}`;
      found.handler(req, res, (err?: unknown) => {
        req.url = originalUrl;
        next(err);
      });
    };
  }
}
