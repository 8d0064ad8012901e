import type { ValidationIssue } from '@sparkhouse/contracts';

/** The spec's generic messages (error catalogue, "Generic"). */
export const NETWORK_ERROR_MESSAGE = 'There was a problem with the network or contacting our servers.';
export const GENERIC_ERROR_MESSAGE = 'An Error Occurred';

/** Every failed call surfaces as one ApiError, whichever error shape the server used. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ValidationIssue[] | undefined;

  constructor(init: { status: number; code: string; message: string; details?: ValidationIssue[] }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
  }

  /** 4xx: the request itself is wrong, so retrying cannot help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A message fit to show a user, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return GENERIC_ERROR_MESSAGE;
}
