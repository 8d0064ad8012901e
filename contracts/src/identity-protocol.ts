/**
 * The subset of the hosted user-pool (AWS Cognito) JSON protocol the built-in identity provider
 * speaks at POST /api/identity. Shared by the server and any client that calls it directly.
 */
export const identityProtocol = {
  path: '/api/identity',
  contentType: 'application/x-amz-json-1.1',
  targetHeader: 'x-amz-target',
  targetPrefix: 'AWSCognitoIdentityProviderService.',
  /** Scope an access token needs for the calls that read or change the user's own data. */
  adminScope: 'aws.cognito.signin.user.admin',
  accessTokenTtlSeconds: 15 * 60,
  idTokenTtlSeconds: 60 * 60,
  challengeSessionTtlSeconds: 3 * 60,
  codeTtlSeconds: 10 * 60,
  codeMaxAttempts: 5,
  passwordMinLength: 8,
  passwordMaxLength: 256,
} as const;

export const identityActions = [
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'DeleteUser',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'GlobalSignOut',
] as const;
export type IdentityAction = (typeof identityActions)[number];

/** Error types (`__type`) the provider answers with. */
export type IdentityErrorType =
  | 'NotAuthorizedException'
  | 'UserNotFoundException'
  | 'UserNotConfirmedException'
  | 'CodeMismatchException'
  | 'ExpiredCodeException'
  | 'InvalidPasswordException'
  | 'UsernameExistsException'
  | 'AliasExistsException'
  | 'TooManyRequestsException'
  | 'LimitExceededException'
  | 'InvalidParameterException'
  | 'ResourceNotFoundException'
  | 'EnableSoftwareTokenMFAException'
  | 'UnknownOperationException'
  | 'SerializationException'
  | 'InternalErrorException';

/** A dev-only outbox message (GET /api/dev/outbox?to=<email>, newest first). */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  code: string | null;
  created_at: string;
}
