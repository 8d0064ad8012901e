import type { Request } from 'express';
import { RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/config';
import { requestIdOf } from '../http/middleware';

/** Structured JSON logs; every HTTP line carries the request id. Credentials never reach a log line. */
export const loggerModule = (config: AppConfig) =>
  LoggerModule.forRoot({
    pinoHttp: {
      level: config.LOG_LEVEL,
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
      autoLogging: ['fatal', 'error', 'warn', 'silent'].includes(config.LOG_LEVEL)
        ? false
        : { ignore: (req) => (req.url ?? '').startsWith('/api/health') },
      customProps: () => ({ service: 'sparkhouse-api' }),
    },
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
  });
