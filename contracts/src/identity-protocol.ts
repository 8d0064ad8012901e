/**
 * The hosted user-pool (AWS Cognito) JSON protocol the built-in identity provider speaks at
 * POST /api/identity: the 24 user-facing actions, so the AWS SDK and amazon-cognito-identity-js
 * (Amplify) work against it unchanged. Shared by the server and any client that calls it directly.
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
  /** The user pool id when IDENTITY_USER_POOL_ID is not set (the SPA's VITE_IDENTITY_USER_POOL_ID default too). */
  defaultUserPoolId: 'us-east-2_sparkhouse',
  /** Name of a software token when the client gives none. */
  defaultTotpDeviceName: 'My TOTP device',
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
  'SetUserSettings',
  'ConfirmDevice',
  'GetDevice',
  'ListDevices',
  'ForgetDevice',
  'UpdateDeviceStatus',
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
  /** Headers beyond To, From and Subject (a reminder's List-Unsubscribe, RFC 8058). */
  headers: Record<string, string>;
  created_at: string;
}

/** The pool name the SRP derivation uses: the part of the user pool id after `region_`. */
export function userPoolName(userPoolId: string): string {
  if (!/^[\w-]+_[0-9a-zA-Z]+$/.test(userPoolId)) throw new Error('Invalid UserPoolId format.');
  return userPoolId.slice(userPoolId.indexOf('_') + 1);
}
