import { errorCodes, type ValidationIssue } from '@sparkhouse/contracts';

/** An error whose message is meant for the caller. Anything else answers a generic 500. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ValidationIssue[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: ValidationIssue[]) =>
  new ApiError(400, errorCodes.validationFailed, message, details);
export const unauthorized = (message = 'Sign in to continue.') => new ApiError(401, errorCodes.unauthorized, message);
export const forbidden = (message = 'You are not allowed to do that.') => new ApiError(403, errorCodes.forbidden, message);
export const notFound = (message = 'Not found.') => new ApiError(404, errorCodes.notFound, message);
export const conflict = (message: string) => new ApiError(409, errorCodes.conflict, message);
export const payloadTooLarge = (message: string) => new ApiError(413, errorCodes.payloadTooLarge, message);
export const unsupportedMediaType = (message: string) => new ApiError(415, errorCodes.unsupportedMediaType, message);
