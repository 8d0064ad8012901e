import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from '../metrics/metrics';
import type { CallRequest } from './access.guard';

/** The route label of a request: its declared call's path, else a small fixed set (never the raw URL). */
function routeOf(req: Request & CallRequest, status: number): string {
  if (req.call) return `/api${req.call.path}`;
  const path = req.originalUrl.split('?')[0];
  if (path.startsWith('/socket.io')) return '/socket.io';
  if (path.startsWith('/ops/queues')) return '/ops/queues';
  if (!path.startsWith('/api')) return 'web-app';
  if (path.startsWith('/api/media/')) return '/api/media';
  if (path.startsWith('/api/docs')) return '/api/docs';
  return status === 404 ? 'not-found' : 'other-api';
}

/** Times every request into the HTTP duration histogram when its response is finished. */
export function httpMetrics(metrics: Metrics) {
  return (req: Request & CallRequest, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.httpDuration.observe(
        { method: req.method, route: routeOf(req, res.statusCode), status: String(res.statusCode) },
        seconds,
      );
    });
    next();
  };
}
