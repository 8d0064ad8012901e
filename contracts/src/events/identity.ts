import { z } from 'zod';
import { defineEvent } from './envelope';

/**
 * Facts of the identity provider (accounts, sign-in, codes, tokens). Stream: `account-<userId>`.
 * Passwords, codes, secrets and token values never appear in events.
 */
const userId = z.string().uuid();
const attributes = z.record(z.string(), z.string());
const codePurpose = z.enum([
  'sign-up',
  'password-reset',
  'email-verification',
  'phone-verification',
  'sms-mfa',
  'custom-challenge',
]);
const mfaMethod = z.enum(['SOFTWARE_TOKEN_MFA', 'SMS_MFA']);
const deviceKey = z.string().min(1);

export const UserSignedUp = defineEvent('UserSignedUp', 1, z.object({ userId, email: z.string(), attributes }));

/** An account made by an operator or a seed, with a temporary password to be replaced at first sign-in. */
export const UserCreatedWithTemporaryPassword = defineEvent(
  'UserCreatedWithTemporaryPassword',
  1,
  z.object({ userId, email: z.string(), attributes }),
);

export const UserAddedToGroup = defineEvent('UserAddedToGroup', 1, z.object({ userId, group: z.string() }));

export const UserRemovedFromGroup = defineEvent('UserRemovedFromGroup', 1, z.object({ userId, group: z.string() }));

/** `destination` is masked (`a***@e***`). */
export const VerificationCodeSent = defineEvent(
  'VerificationCodeSent',
  1,
  z.object({ userId, purpose: codePurpose, destination: z.string() }),
);

export const VerificationCodeRejected = defineEvent(
  'VerificationCodeRejected',
  1,
  z.object({
    userId,
    purpose: codePurpose,
    reason: z.enum(['mismatch', 'expired', 'attempts-exhausted']),
    attempts: z.number().int(),
  }),
);

export const EmailConfirmed = defineEvent(
  'EmailConfirmed',
  1,
  z.object({ userId, email: z.string(), via: z.enum(['sign-up', 'attribute-verification', 'social-sign-in']) }),
);

export const SignedIn = defineEvent(
  'SignedIn',
  1,
  z.object({
    userId,
    sessionId: z.string().uuid(),
    method: z.enum([
      'password',
      'software-token-mfa',
      'new-password',
      'Google',
      'SignInWithApple',
      'srp',
      'sms-mfa',
      'mfa-setup',
      'device-srp',
      'custom-challenge',
    ]),
  }),
);

export const SignInFailed = defineEvent(
  'SignInFailed',
  1,
  z.object({
    userId,
    reason: z.enum([
      'incorrect-password',
      'mfa-code-mismatch',
      'sms-mfa-code-mismatch',
      'device-verifier-mismatch',
      'custom-challenge-failed',
    ]),
  }),
);

/**
 * A sign-in or a code request named a username that has no account. Stream `unknown-user-<digest>`;
 * the username itself is never stored, only a keyed digest of it. Recorded in the same kind of
 * transaction as a known account's attempt, so the two take the same time to answer.
 */
export const UnknownUserAttempted = defineEvent(
  'UnknownUserAttempted',
  1,
  z.object({ usernameDigest: z.string(), action: z.enum(['sign-in', 'password-reset', 'custom-challenge']) }),
);

/** A refresh token was exchanged for new tokens (and a new refresh token) of the same session. */
export const TokensRefreshed = defineEvent('TokensRefreshed', 1, z.object({ userId, sessionId: z.string().uuid() }));

/** A rotated refresh token came back: the whole session (token family) is revoked. */
export const RefreshTokenReuseDetected = defineEvent(
  'RefreshTokenReuseDetected',
  1,
  z.object({ userId, sessionId: z.string().uuid() }),
);

export const SignedOut = defineEvent(
  'SignedOut',
  1,
  z.object({ userId, scope: z.literal('global'), sessions: z.number().int() }),
);

export const PasswordChanged = defineEvent(
  'PasswordChanged',
  1,
  z.object({ userId, via: z.enum(['change-password', 'new-password-challenge']) }),
);

export const PasswordResetRequested = defineEvent('PasswordResetRequested', 1, z.object({ userId }));

export const PasswordReset = defineEvent('PasswordReset', 1, z.object({ userId }));

export const UserAttributesUpdated = defineEvent(
  'UserAttributesUpdated',
  1,
  z.object({ userId, attributes, emailChanged: z.boolean() }),
);

export const UserAttributesDeleted = defineEvent('UserAttributesDeleted', 1, z.object({ userId, names: z.array(z.string()) }));

export const SoftwareTokenAssociated = defineEvent('SoftwareTokenAssociated', 1, z.object({ userId }));

export const SoftwareTokenVerified = defineEvent('SoftwareTokenVerified', 1, z.object({ userId, deviceName: z.string() }));

export const MfaEnabled = defineEvent('MfaEnabled', 1, z.object({ userId, method: mfaMethod }));

export const MfaDisabled = defineEvent('MfaDisabled', 1, z.object({ userId, method: mfaMethod }));

/** The factor asked first when more than one is on (null: none preferred, the user chooses). */
export const PreferredMfaSet = defineEvent('PreferredMfaSet', 1, z.object({ userId, method: mfaMethod.nullable() }));

export const PhoneNumberVerified = defineEvent('PhoneNumberVerified', 1, z.object({ userId }));

/** A device confirmed with its own SRP verifier (ConfirmDevice); remembered devices skip MFA. */
export const DeviceConfirmed = defineEvent('DeviceConfirmed', 1, z.object({ userId, deviceKey, remembered: z.boolean() }));

export const DeviceStatusUpdated = defineEvent(
  'DeviceStatusUpdated',
  1,
  z.object({ userId, deviceKey, remembered: z.boolean() }),
);

export const DeviceForgotten = defineEvent('DeviceForgotten', 1, z.object({ userId, deviceKey }));

export const UserDeleted = defineEvent('UserDeleted', 1, z.object({ userId }));

/** A Google or Apple identity now signs in to this account. */
export const FederatedIdentityLinked = defineEvent(
  'FederatedIdentityLinked',
  1,
  z.object({ userId, provider: z.enum(['Google', 'SignInWithApple']), subject: z.string() }),
);

export const identityProviderEvents = [
  UserSignedUp,
  UserCreatedWithTemporaryPassword,
  UserAddedToGroup,
  UserRemovedFromGroup,
  VerificationCodeSent,
  VerificationCodeRejected,
  EmailConfirmed,
  SignedIn,
  SignInFailed,
  TokensRefreshed,
  RefreshTokenReuseDetected,
  SignedOut,
  PasswordChanged,
  PasswordResetRequested,
  PasswordReset,
  UserAttributesUpdated,
  UserAttributesDeleted,
  SoftwareTokenAssociated,
  SoftwareTokenVerified,
  MfaEnabled,
  MfaDisabled,
  UserDeleted,
  FederatedIdentityLinked,
  UnknownUserAttempted,
  PreferredMfaSet,
  PhoneNumberVerified,
  DeviceConfirmed,
  DeviceStatusUpdated,
  DeviceForgotten,
] as const;
