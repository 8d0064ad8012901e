import type { NextFunction, Request, Response } from 'express';
import { LoggerModule } from 'nestjs-pino';
import { storage as pinoRequestStore, Store as PinoRequestStore } from 'nestjs-pino/storage';
import pino, { type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { AppConfig } from '../config/config';
import { requestContext } from '../context/request-context';
import type { CallRequest } from '../http/access.guard';
import { requestIdOf } from '../http/middleware';

/**
 * Nest's Logger (nestjs-pino's PinoLogger) writes a request's lines through the logger in nestjs-pino's
 * request store. That store is read here from our own request context (the request's req.log) rather
 * than opened by a second AsyncLocalStorage around every request: each store an async resource carries
 * is copied to every promise and callback the request creates (in the jobs bench, reading it from one
 * store took about 5 % off the API's CPU). Outside a request (jobs, start-up) there is no store, so
 * PinoLogger uses the root logger. PinoLogger.assign is not supported (a fresh store per read; nothing
 * here calls it).
 */
pinoRequestStore.getStore = () => {
  const log = requestContext.current()?.http?.req.log;
  return log ? new PinoRequestStore(log) : undefined;
};

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

/** Lines are gathered up to this many bytes before they are written… */
const STDOUT_BATCH_BYTES = 4096;
/** …or until this long has passed since the last write (a lone line is never held longer). */
const STDOUT_FLUSH_MS = 200;

/**
 * Standard output, written in batches off the event loop: lines are gathered up to STDOUT_BATCH_BYTES
 * (at most STDOUT_FLUSH_MS) and handed to the OS asynchronously, one write for many lines (a write per
 * request line was a system call on the event loop for every request at `info`). What is still
 * gathered is written synchronously when the process exits (pino flushes its destination on `exit`,
 * which process.exit and an uncaught exception reach too); only a SIGKILL can lose the last lines.
 */
export function stdoutDestination(): DestinationStream {
  if (!stdout) {
    const destination = pino.destination({ dest: 1, sync: false, minLength: STDOUT_BATCH_BYTES });
    const write = destination.write.bind(destination);
    let gathered = false;
    destination.write = (line: string) => {
      gathered = true;
      return write(line);
    };
    setInterval(() => {
      if (!gathered) return; // nothing since the last flush: no empty write
      gathered = false;
      destination.flush();
    }, STDOUT_FLUSH_MS).unref();
    stdout = destination;
  }
  return stdout;
}
let stdout: DestinationStream | undefined;

/**
 * The process's logger (one per config), writing to stdout (stdoutDestination), or to `destination`
 * when the first call for this config gives one (tests read the lines).
 */
export function rootLogger(config: AppConfig, destination?: DestinationStream): Logger {
  let root = roots.get(config);
  if (!root) {
    root = pino({ level: config.LOG_LEVEL, redact }, destination ?? stdoutDestination());
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
    // no Nest middleware: requestLoggerMiddleware binds req.log for Nest's Logger itself. Nest mounts a
    // middleware as two route layers (`/api`, `/api/{*path}`) of one handler per HTTP method, which every
    // API request walked (~1.5 % of the API's busy time per request in the jobs bench)
    forRoutes: [],
  });

/** A request's own logger, made only when the request logs something (its id, method and path bound). */
function lazyRequestLogger(root: Logger, req: Request): Logger {
  let child: Logger | undefined;
  const real = () =>
    (child ??= root.child({ req: { id: req.id, method: req.method, url: pathOf(req) }, service: 'sparkhouse-api' }));
  return new Proxy({} as Logger, {
    get: (_target, key) => {
      const logger = real();
      const value = Reflect.get(logger, key, logger) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(logger) : value;
    },
  });
}

/** A request's path without its query string (which may carry emails or codes). */
function pathOf(req: Request): string {
  const url = req.originalUrl;
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** The route of a request line: its declared call's path (no ids), else its path. */
const routeOf = (req: Request & CallRequest): string => (req.call ? `/api${req.call.path}` : pathOf(req));

/**
 * The compact request line (`info`), for a request answered outside the Express pipeline (SharedAnswers'
 * front door); null when request lines are not written at this level, or are pino-http's full lines
 * (`debug`, `trace`: such requests are then left to the pipeline).
 */
export function requestLineWriter(
  config: AppConfig,
): ((line: { reqId: string; method: string; route: string; status: number; ms: number }) => void) | null {
  if (!writesRequestLines(config.LOG_LEVEL) || config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace') return null;
  const root = rootLogger(config);
  return (line) => (line.status >= 500 ? root.error(line, 'request failed') : root.info(line, 'request completed'));
}

/**
 * Each request's logger (req.log), and its request line. At `info` one compact line per request when
 * its answer is sent (or the connection closes first): method, route, status, duration in ms and
 * request id; no headers, no bodies (5xx answers at `error`). At `debug` and `trace` pino-http's full
 * line with the whole request and response (credentials redacted). Above `info` no request lines.
 * A request's own lines (warnings, errors) carry its id, method and path through a child logger made
 * only when the request logs something; Nest's Logger writes through it too (see pinoRequestStore above).
 * Must run inside the request context, after the request id is set and before the routes.
 */
export function requestLoggerMiddleware(config: AppConfig): (req: Request, res: Response, next: NextFunction) => void {
  const root = rootLogger(config);
  if (config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace') {
    const fullLines = pinoHttp({
      logger: root,
      genReqId: (req) => (req as Request & { id?: string }).id ?? requestIdOf(req as Request),
      autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/health') },
      customProps: () => ({ service: 'sparkhouse-api' }),
    }) as unknown as (req: Request, res: Response, next: NextFunction) => void;
    return (req, res, next) => fullLines(req, res, next);
  }
  const lines = writesRequestLines(config.LOG_LEVEL);
  return (req: Request, res: Response, next: NextFunction) => {
    req.log = lazyRequestLogger(root, req);
    if (lines && !req.originalUrl.startsWith('/api/health')) {
      const started = performance.now();
      // 'close' follows 'finish' (the answer sent), or comes alone when the connection closed first
      res.once('close', () => {
        const ms = Math.round((performance.now() - started) * 100) / 100;
        const line = { reqId: req.id, method: req.method, route: routeOf(req), status: res.statusCode, ms };
        if (!res.writableFinished) root.info({ ...line, aborted: true }, 'request aborted');
        else if (res.statusCode >= 500) root.error(line, 'request failed');
        else root.info(line, 'request completed');
      });
    }
    next();
  };
}
