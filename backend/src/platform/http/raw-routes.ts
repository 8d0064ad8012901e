import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

interface RawRoute {
  /** Path prefix, e.g. `/api/payments/webhook`; matched on segment boundaries. */
  prefix: string;
  handler: (req: Request, res: Response, next: NextFunction) => void;
}

/**
 * HTTP handlers that must see the request body unread (a signed webhook, a proxied API). Modules
 * register them while the application is created; the API process mounts them after the request
 * context and before the JSON body parsers. `mounted` tells a module it runs in a process that
 * serves HTTP (the worker process has none).
 */
@Injectable()
export class RawRoutes {
  private readonly routes: RawRoute[] = [];
  private isMounted = false;

  register(prefix: string, handler: RawRoute['handler']): void {
    this.routes.push({ prefix: prefix.replace(/\/+$/, ''), handler });
  }

  get mounted(): boolean {
    return this.isMounted;
  }

  middleware(): RequestHandler {
    this.isMounted = true;
    return (req, res, next) => {
      const path = req.path;
      const found = this.routes.find((r) => path === r.prefix || path.startsWith(`${r.prefix}/`));
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
