import type { Request } from 'express';
import { RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/config';
import { requestIdOf } from '../http/middleware';

/** Whether request lines ("request completed", info level) are written at this log level. */
const writesRequestLines = (level: AppConfig['LOG_LEVEL']) => !['fatal', 'error', 'warn', 'silent'].includes(level);

/**
 * Structured JSON logs; every HTTP line carries the request id. Credentials never reach a log line.
 * When request lines are written, they carry the whole request (headers redacted). Above the info
 * level only the lines a request logs itself (warnings, errors) are written, and they carry the
 * request's id, method and url: its headers are then not serialised (and redacted) on every request.
 */
export const loggerModule = (config: AppConfig) =>
  LoggerModule.forRoot({
    pinoHttp: {
      level: config.LOG_LEVEL,
      ...(writesRequestLines(config.LOG_LEVEL)
        ? {}
        : {
            serializers: {
              req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
            },
          }),
      genReqId: (req) => (req as Request & { id?: string }).id ?? requestIdOf(req as Request),
      redact: {
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
      },
      // request lines are info-level: when the level is above that, do not build them at all
      autoLogging: writesRequestLines(config.LOG_LEVEL) ? { ignore: (req) => (req.url ?? '').startsWith('/api/health') } : false,
      customProps: () => ({ service: 'sparkhouse-api' }),
    },
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
  });
