import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { errorCodes, headerNames } from '@sparkhouse/contracts';
import type { PrincipalResolver, Resolution } from '../auth/principal-resolver';
import { isValidTimeZone, requestContext } from '../context/request-context';
import { parseToken } from '../events/log-position';
import type { ProjectionWatermark } from '../events/read-your-writes';
import type { CallRequest } from './access.guard';
import { render } from './http-exception.filter';
import { plainJsonBody } from './plain-json-body';
import { INVALID_UTF8_BODY, refuseInvalidUtf8Body } from './text-input';

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** Request id from X-Request-Id when it is sane, else a new one; echoed back on the response. */
export function requestIdOf(req: Request): string {
  const given = req.headers[headerNames.requestId];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}

/** JSON bodies only; parser failures become JSON 400/413 answers instead of HTML pages. */
export function jsonBody(limitBytes: number): RequestHandler[] {
  return [
    // the common case, read without body-parser's generic path; express.json reads the rest
    plainJsonBody(limitBytes),
    express.json({
      limit: limitBytes,
      type: ['application/json', 'application/*+json', 'application/x-amz-json-1.1'],
      verify: refuseInvalidUtf8Body,
    }),
    express.urlencoded({ extended: false, limit: limitBytes, verify: refuseInvalidUtf8Body }),
  ];
}

/** The user-pool protocol answers in its own error shape, also when its body cannot be read. */
function protocolBodyError(res: Response, status: number, type: string, message: string) {
  res.status(status).setHeader('x-amzn-ErrorType', type);
  return res.json({ __type: type, message });
}

export function bodyErrors() {
  return (err: unknown, req: Request, res: Response, next: NextFunction) => {
    const e = err as { type?: string; status?: number };
    const notUtf8 = e?.type === INVALID_UTF8_BODY;
    if (
      req.is('application/x-amz-json-1.1') &&
      (e?.type === 'entity.too.large' || e?.type === 'entity.parse.failed' || notUtf8)
    ) {
      if (e.type === 'entity.too.large') {
        return protocolBodyError(res, 413, 'RequestEntityTooLargeException', 'Request body is too large.');
      }
      return protocolBodyError(res, 400, 'SerializationException', `Request body is not valid ${notUtf8 ? 'UTF-8' : 'JSON'}.`);
    }
    if (notUtf8) {
      return res
        .status(400)
        .json(render({ status: 400, code: errorCodes.validationFailed, message: 'Request body is not valid UTF-8.' }, 'legacy'));
    }
    if (e?.type === 'entity.too.large') {
      return res
        .status(413)
        .json(render({ status: 413, code: errorCodes.payloadTooLarge, message: 'Request body is too large.' }, 'legacy'));
    }
    if (e?.type === 'entity.parse.failed') {
      return res
        .status(400)
        .json(render({ status: 400, code: errorCodes.malformedJson, message: 'Request body is not valid JSON.' }, 'legacy'));
    }
    if (e?.status && e.status >= 400 && e.status < 500) {
      return res
        .status(e.status)
        .json(render({ status: e.status, code: 'BAD_REQUEST', message: 'The request could not be read.' }, 'legacy'));
    }
    next(err);
  };
}

/**
 * Opens the request context: request id, X-Time-Zone and the caller (Bearer token or
 * X-Non-Auth-User-Id). Bad credentials are remembered, and refused only by calls that need a caller.
 */
export function requestContextMiddleware(resolver: PrincipalResolver) {
  return (req: Request & CallRequest, res: Response, next: NextFunction) => {
    const arrivedAt = performance.now();
    const requestId = requestIdOf(req);
    // pino-http reuses it, so every log line of this request carries the id the caller sees
    (req as Request & { id?: string }).id = requestId;
    res.setHeader('X-Request-Id', requestId);
    const tz = req.headers[headerNames.timeZone];
    if (tz !== undefined && (typeof tz !== 'string' || !isValidTimeZone(tz))) {
      return res.status(400).json(
        render(
          {
            status: 400,
            code: errorCodes.validationFailed,
            message: 'X-Time-Zone must be an IANA time zone name, e.g. Europe/Paris.',
          },
          'legacy',
        ),
      );
    }
    const anon = req.headers[headerNames.nonAuthUserId];
    const open = (resolution: Resolution) => {
      if (!resolution.ok) req.credentialError = resolution.reason;
      requestContext.run(
        {
          requestId,
          timeZone: typeof tz === 'string' ? tz : 'UTC',
          principal: resolution.ok ? resolution.principal : null,
          causationId: null,
          http: { req, res },
          arrivedAt,
        },
        () => next(),
      );
    };
    // no credentials at all (most public reads): nobody to resolve, no promise to wait for
    if (req.headers.authorization === undefined && anon === undefined) return open({ ok: true, principal: null });
    resolver
      .resolve({ authorization: req.headers.authorization, anonymousId: typeof anon === 'string' ? anon : undefined })
      .then(open)
      .catch(next);
  };
}

/**
 * Read-your-writes across API nodes: a read (GET) that carries the consistency token of the caller's
 * last write waits, bounded, until every projection has applied it, so the caller's own change shows
 * whichever node serves the read. Writes never wait: commands decide from the write side.
 */
export function readYourWritesMiddleware(watermark: ProjectionWatermark) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.method !== 'GET') return next();
    const header = req.headers[headerNames.consistencyToken];
    const at = typeof header === 'string' ? parseToken(header) : null;
    if (!at) return next();
    watermark.waitFor(at).then(
      () => next(),
      (err: unknown) => next(err),
    );
  };
}
