import { z } from 'zod';
import type { IdentityAction } from '@sparkhouse/contracts';

/** Input of each action, with the wording the hosted pool's clients use for empty fields. */
const text = (emptyMessage: string, label: string, max = 2048) =>
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? emptyMessage : `${label} must be a string`) })
    .min(1, emptyMessage)
    .max(max, `${label} must be at most ${max} characters long`);

const clientId = text('ClientId cannot be empty', 'ClientId', 128);
const username = text('Username cannot be empty', 'Username', 254);
const password = text('Password cannot be empty', 'Password', 256);
const code = text('Confirmation code cannot be empty', 'ConfirmationCode', 64);
const accessToken = text('Access token cannot be empty', 'AccessToken', 8192);
const attributeName = text('Attribute name cannot be empty', 'Name', 64);

const attributeList = z
  .array(
    z.object({
      Name: attributeName,
      Value: z
        .string({ error: 'Attribute value must be a string' })
        .max(2048, 'Attribute value must be at most 2048 characters long'),
    }),
    { error: 'UserAttributes must be a list of { Name, Value }' },
  )
  .max(50, 'At most 50 attributes may be given');

/** A map of strings; null values (a client clearing a key, e.g. a forgotten DEVICE_KEY) count as absent. */
const stringMap = (label: string) =>
  z
    .record(z.string().max(128), z.string().max(8192).nullable(), { error: `${label} must be a map of strings` })
    .refine((m) => Object.keys(m).length <= 50, `${label} has too many entries`)
    .transform((m) => Object.fromEntries(Object.entries(m).filter(([, v]) => v !== null)) as Record<string, string>);

const deviceKey = text('DeviceKey cannot be empty', 'DeviceKey', 55);
const session = text('Session cannot be empty', 'Session', 4096);
const mfaSettings = (label: string) =>
  z
    .object(
      {
        Enabled: z.boolean({ error: 'Enabled must be a boolean' }).optional(),
        PreferredMfa: z.boolean({ error: 'PreferredMfa must be a boolean' }).optional(),
      },
      { error: `${label} must be an object` },
    )
    .nullish()
    .transform((v) => v ?? undefined);

export const actionInputs = {
  InitiateAuth: z.object({
    AuthFlow: text('AuthFlow cannot be empty', 'AuthFlow', 64),
    ClientId: clientId,
    AuthParameters: stringMap('AuthParameters').optional(),
  }),
  RespondToAuthChallenge: z.object({
    ChallengeName: text('ChallengeName cannot be empty', 'ChallengeName', 64),
    ClientId: clientId,
    Session: session,
    ChallengeResponses: stringMap('ChallengeResponses').optional(),
  }),
  SignUp: z.object({
    ClientId: clientId,
    Username: username,
    Password: password,
    UserAttributes: attributeList.optional(),
  }),
  ConfirmSignUp: z.object({ ClientId: clientId, Username: username, ConfirmationCode: code }),
  ResendConfirmationCode: z.object({ ClientId: clientId, Username: username }),
  ForgotPassword: z.object({ ClientId: clientId, Username: username }),
  ConfirmForgotPassword: z.object({ ClientId: clientId, Username: username, ConfirmationCode: code, Password: password }),
  ChangePassword: z.object({
    AccessToken: accessToken,
    PreviousPassword: text('Previous password cannot be empty', 'PreviousPassword', 256),
    ProposedPassword: text('Proposed password cannot be empty', 'ProposedPassword', 256),
  }),
  GetUser: z.object({ AccessToken: accessToken }),
  UpdateUserAttributes: z.object({ AccessToken: accessToken, UserAttributes: attributeList }),
  DeleteUserAttributes: z.object({
    AccessToken: accessToken,
    UserAttributeNames: z.array(attributeName, { error: 'UserAttributeNames must be a list of names' }).max(50),
  }),
  DeleteUser: z.object({ AccessToken: accessToken }),
  GetUserAttributeVerificationCode: z.object({ AccessToken: accessToken, AttributeName: attributeName }),
  VerifyUserAttribute: z.object({ AccessToken: accessToken, AttributeName: attributeName, Code: code }),
  // during MFA_SETUP these carry the sign-in's Session instead of an access token
  AssociateSoftwareToken: z.object({ AccessToken: accessToken.optional(), Session: session.optional() }),
  VerifySoftwareToken: z.object({
    AccessToken: accessToken.optional(),
    Session: session.optional(),
    UserCode: text('Code cannot be empty', 'UserCode', 6),
    FriendlyDeviceName: z.string({ error: 'FriendlyDeviceName must be a string' }).max(128).optional(),
  }),
  SetUserMFAPreference: z.object({
    AccessToken: accessToken,
    SoftwareTokenMfaSettings: mfaSettings('SoftwareTokenMfaSettings'),
    SMSMfaSettings: mfaSettings('SMSMfaSettings'),
    EmailMfaSettings: z.unknown().optional(),
  }),
  SetUserSettings: z.object({
    AccessToken: accessToken,
    MFAOptions: z
      .array(
        z.object({
          DeliveryMedium: z.enum(['SMS', 'EMAIL'], { error: 'DeliveryMedium must be SMS or EMAIL' }).optional(),
          AttributeName: z.string().max(32).optional(),
        }),
        { error: 'MFAOptions must be a list' },
      )
      .max(5),
  }),
  GlobalSignOut: z.object({ AccessToken: accessToken }),
  ConfirmDevice: z.object({
    AccessToken: accessToken,
    DeviceKey: deviceKey,
    DeviceSecretVerifierConfig: z
      .object(
        {
          PasswordVerifier: z.string({ error: 'PasswordVerifier must be a string' }).max(2048).optional(),
          Salt: z.string({ error: 'Salt must be a string' }).max(512).optional(),
        },
        { error: 'DeviceSecretVerifierConfig must be an object' },
      )
      .optional(),
    DeviceName: z.string({ error: 'DeviceName must be a string' }).max(1024).optional(),
  }),
  GetDevice: z.object({ AccessToken: accessToken.optional(), DeviceKey: deviceKey.optional() }),
  ListDevices: z.object({
    AccessToken: accessToken,
    Limit: z.number({ error: 'Limit must be a number' }).int().min(0).max(60).optional(),
    PaginationToken: z.string({ error: 'PaginationToken must be a string' }).max(256).optional(),
  }),
  ForgetDevice: z.object({ AccessToken: accessToken.optional(), DeviceKey: deviceKey.optional() }),
  UpdateDeviceStatus: z.object({
    AccessToken: accessToken,
    DeviceKey: deviceKey,
    DeviceRememberedStatus: z.enum(['remembered', 'not_remembered'], {
      error: 'DeviceRememberedStatus must be remembered or not_remembered',
    }),
  }),
} satisfies Record<IdentityAction, z.ZodType>;

export type ActionInput<A extends IdentityAction> = z.output<(typeof actionInputs)[A]>;

/** Where a protocol call came from (for per-address limits). */
export interface CallInfo {
  address: string;
}
