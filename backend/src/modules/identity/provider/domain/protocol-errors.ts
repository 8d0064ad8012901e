import type { IdentityErrorType } from '@sparkhouse/contracts';

/** An error in the user-pool protocol's shape: HTTP 400, `{ "__type": ..., "message": ... }`, x-amzn-ErrorType. */
export class IdentityProtocolError extends Error {
  constructor(
    readonly type: IdentityErrorType,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const error = (type: IdentityErrorType) => (message: string) => new IdentityProtocolError(type, message);

export const notAuthorized = error('NotAuthorizedException');
export const userNotFound = error('UserNotFoundException');
export const userNotConfirmed = error('UserNotConfirmedException');
export const codeMismatch = error('CodeMismatchException');
export const expiredCode = error('ExpiredCodeException');
export const invalidPassword = error('InvalidPasswordException');
export const usernameExists = error('UsernameExistsException');
export const aliasExists = error('AliasExistsException');
export const tooManyRequests = error('TooManyRequestsException');
export const limitExceeded = error('LimitExceededException');
export const invalidParameter = error('InvalidParameterException');
export const resourceNotFound = error('ResourceNotFoundException');

export const messages = {
  incorrectCredentials: 'Incorrect username or password.',
  userNotFound: 'Username/client id combination not found.',
  userDoesNotExist: 'User does not exist.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
  attemptsExceeded: 'Attempt limit exceeded, please try after some time.',
  tooManyFailures: 'Too many failed attempts. Please try again later.',
  tooManyCodes: 'Too many codes requested. Please try again later.',
  revoked: 'Access Token has been revoked',
  missingScope: 'Access Token does not have required scopes',
  invalidSession: 'Invalid session for the user, session is expired.',
} as const;
