import type { Server } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Application, NextFunction, Request, Response } from 'express';
import cors from 'cors';
import helmet from 'helmet';
import { headerNames } from '@sparkhouse/contracts';
import { Logger } from 'nestjs-pino';
import { PrincipalResolver } from '../auth/principal-resolver';
import type { AppConfig } from '../config/config';
import { RedisConnections } from '../jobs/redis-connections';
import { requestLineWriter, requestLoggerMiddleware } from '../logging/logger';
import { RedisIoAdapter } from '../realtime/redis-io.adapter';
import { Metrics } from '../metrics/metrics';
import { ProjectionWatermark } from '../events/read-your-writes';
import { httpMetrics } from './http-metrics';
import { answerEtags, type EtagFn } from './answer-etags';
import { bodyErrors, jsonBody, readYourWritesMiddleware, requestContextMiddleware } from './middleware';
import { API_DOCS_PATH, apiDocs } from './api-docs';
import { SharedAnswers } from './shared-answers';
import { ServerRendering } from './server-rendering';
import { PublicPages } from './public-pages';
import { PageHints } from './page-hints';
import { spa } from './spa';
import { RawRoutes } from './raw-routes';
import { inOrder } from './in-order';

/**
 * The API process's HTTP pipeline around an application the composition root made: security headers,
 * body limits, request context, /api routes, docs, socket.io, the SPA.
 */
export function configureApiApp(app: NestExpressApplication, config: AppConfig): NestExpressApplication {
  app.useLogger(app.get(Logger));
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  app.set('etag', answerEtags((app.getHttpAdapter().getInstance() as Application).get('etag fn') as EtagFn));
  app.get(Metrics).startAs('api');
  // kept shared answers of public GET calls (e.g. catalogue listing pages) go out unrouted: to callers with
  // nothing of their own at the front door, ahead of Express (the same headers as the pipeline gives them),
  // to everyone else in the pipeline. At debug and trace every request goes through the pipeline (pino-http's full line).
  const shared = app.get(SharedAnswers);
  if (config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace') {
    shared.openFrontDoor(app.getHttpServer() as Server, {
      metrics: app.get(Metrics),
      requestLine: requestLineWriter(config) ?? undefined,
    });
  }
  const rawRoutes = app.get(RawRoutes);
  app.use(
    inOrder(
      // machine-to-machine endpoints that answer in milliseconds (a signed webhook) take their requests here,
      // ahead of the security headers, CORS, metrics, request context and request log they do not need
      rawRoutes.middleware('ahead'),
      helmet({
        contentSecurityPolicy: {
          directives: {
            'img-src': ["'self'", 'data:', 'blob:'],
            'media-src': ["'self'", 'data:', 'blob:'],
            'connect-src': ["'self'", 'ws:', 'wss:'],
            // Swagger UI at /api/docs styles itself inline
            'style-src': ["'self'", "'unsafe-inline'"],
            // only behind https: on plain http (localhost) it would break every asset request
            'upgrade-insecure-requests': config.PUBLIC_URL.startsWith('https:') ? [] : null,
          },
        },
        crossOriginEmbedderPolicy: false,
      }),
      cors({ origin: config.CORS_ORIGINS, credentials: true, exposedHeaders: [headerNames.consistencyToken] }),
      // request durations by route and status for GET /api/metrics
      httpMetrics(app.get(Metrics)),
      requestContextMiddleware(app.get(PrincipalResolver)),
      readYourWritesMiddleware(app.get(ProjectionWatermark)),
      requestLoggerMiddleware(config),
      (req: Request, res: Response, next: NextFunction) => shared.use(req, res, next),
      // before the body parsers: these handlers read the body themselves (signed webhooks, the payments emulator)
      rawRoutes.middleware('in-pipeline'),
      ...jsonBody(config.BODY_LIMIT_BYTES),
    ),
  );
  app.use(bodyErrors());
  app.use(inOrder(...spa(config.FRONTEND_DIST, app.get(PageHints), app.get(ServerRendering), app.get(PublicPages))));
  app.setGlobalPrefix('api');
  app.useWebSocketAdapter(new RedisIoAdapter(app, config, app.get(RedisConnections)));
  app.use(API_DOCS_PATH, apiDocs());
  // signals are the API process's own business (main.ts drains HTTP first); tests close the app themselves
  return app;
}
