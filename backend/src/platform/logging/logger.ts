import type { NextFunction, Request, Response } from 'express';
import { RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino, { type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { AppConfig } from '../config/config';
import { requestIdOf } from '../http/middleware';

/** Whether request lines ("request completed", info level) are written at this log level. */
const writesRequestLines = (level: AppConfig['LOG_LEVEL']) => !['fatal', 'error', 'warn', 'silent'].includes(level);

const redact = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["x-non-auth-user-id"]',
    'res.headers["set-cookie"]',
    '*.password',
    '*.token',
    '*.accessToken',
    '*.refreshToken',
  ],
  censor: '[redacted]',
};

const roots = new WeakMap<AppConfig, Logger>();

/** The process's logger when no request lines are written (one per config). */
function rootLogger(config: AppConfig): Logger {
  let root = roots.get(config);
  if (!root) {
    root = pino({ level: config.LOG_LEVEL, redact });
    roots.set(config, root);
  }
  return root;
}

/**
 * Structured JSON logs; every HTTP line carries the request id. Credentials never reach a log line.
 * Nest's Logger writes a request's own lines through that request's logger (req.log, bound by
 * nestjs-pino); requestLoggerMiddleware gives each request that logger, in front of everything else
 * that reads the request (so answers served before routing are logged too).
 */
export const loggerModule = (config: AppConfig) =>
  LoggerModule.forRoot({
    pinoHttp: { logger: rootLogger(config) },
    useExisting: true, // req.log comes from requestLoggerMiddleware
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
  });

/**
 * Each request's logger (req.log). At info level and below, pino-http writes a request line per
 * request with the whole request (headers redacted). Above info no request lines are written, and a
 * request's own lines (warnings, errors) carry its id, method and url through a child logger that is
 * only made when the request logs something, instead of serialising every request. Must run after
 * the request id is set and before the routes.
 */
export function requestLoggerMiddleware(config: AppConfig): (req: Request, res: Response, next: NextFunction) => void {
  const root = rootLogger(config);
  if (writesRequestLines(config.LOG_LEVEL)) {
    return pinoHttp({
      logger: root,
      genReqId: (req) => (req as Request & { id?: string }).id ?? requestIdOf(req as Request),
      autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/health') },
      customProps: () => ({ service: 'sparkhouse-api' }),
    }) as unknown as (req: Request, res: Response, next: NextFunction) => void;
  }
  return (req: Request, _res: Response, next: NextFunction) => {
    let child: Logger | undefined;
    const real = () =>
      (child ??= root.child({ req: { id: req.id, method: req.method, url: req.originalUrl }, service: 'sparkhouse-api' }));
    req.log = new Proxy({} as Logger, {
      get: (_target, key) => {
        const logger = real();
        const value = Reflect.get(logger, key, logger) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(logger) : value;
      },
    });
    next();
  };
}
