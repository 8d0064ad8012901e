import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { errorCodes, type ErrorEnvelope, type LegacyErrorBody, type ValidationIssue } from '@sparkhouse/contracts';
import type { CallRequest } from './access.guard';
import { ConcurrencyError } from '../events/errors';
import { isConnectionLost } from '../database/connection-errors';
import { ApiError } from './errors';

interface Problem {
  status: number;
  code: string;
  message: string;
  details?: ValidationIssue[];
}

const codeByStatus: Record<number, string> = {
  400: errorCodes.validationFailed,
  401: errorCodes.unauthorized,
  403: errorCodes.forbidden,
  404: errorCodes.notFound,
  409: errorCodes.conflict,
  413: errorCodes.payloadTooLarge,
  429: errorCodes.tooManyRequests,
};

/** Every error leaves as JSON, in the response style of the call that failed (legacy when unknown). */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');

  catch(error: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request & CallRequest>();
    const res = ctx.getResponse<Response>();
    const problem = toProblem(error);
    if (problem.status === 503) this.logger.warn({ err: error, path: req.path }, 'request failed: a service is unavailable');
    else if (problem.status >= 500) this.logger.error({ err: error, path: req.path }, 'request failed');
    if (res.headersSent) return;
    if (problem.status === 503) res.setHeader('Retry-After', '1');
    res.status(problem.status).json(render(problem, req.call?.style ?? 'legacy'));
  }
}

export function toProblem(error: unknown): Problem {
  if (error instanceof ApiError) {
    return { status: error.status, code: error.code, message: error.message, details: error.details };
  }
  if (error instanceof ConcurrencyError) {
    // other writers kept changing the same thing while this one decided, more times than it retries
    return {
      status: 409,
      code: errorCodes.conflict,
      message: 'This was changed at the same moment by another request. Try again.',
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const body = error.getResponse();
    const message =
      status === 404
        ? 'No such API route.'
        : typeof body === 'object' && body && 'message' in body
          ? String((body as { message: unknown }).message)
          : error.message;
    return { status, code: codeByStatus[status] ?? (status >= 500 ? errorCodes.internal : 'HTTP_ERROR'), message };
  }
  if (isConnectionLost(error)) {
    // the database connection went away mid-request (a restart, a failover): nothing was committed
    // unless the answer said so, and the pool already has a fresh connection for the next try
    return {
      status: 503,
      code: errorCodes.serviceUnavailable,
      message: 'The service is briefly unavailable. Try again in a moment.',
    };
  }
  return { status: 500, code: errorCodes.internal, message: 'An Error Occurred' };
}

export function render(problem: Problem, style: 'legacy' | 'envelope'): ErrorEnvelope | LegacyErrorBody {
  if (style === 'envelope') {
    return {
      status: 'error',
      error: problem.message,
      code: problem.code,
      ...(problem.details ? { details: problem.details } : {}),
    };
  }
  return {
    statusCode: problem.status,
    code: problem.code,
    message: problem.message,
    ...(problem.details ? { details: problem.details } : {}),
  };
}
