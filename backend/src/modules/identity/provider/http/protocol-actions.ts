import type { IdentityAction } from '@sparkhouse/contracts';
import type { CallInfo } from '../domain/protocol-inputs';
import { GlobalSignOut } from '../commands/global-sign-out.command';
import { ConfirmDevice, ForgetDevice, UpdateDeviceStatus } from '../commands/device.commands';
import { AssociateSoftwareToken, SetUserMFAPreference, SetUserSettings, VerifySoftwareToken } from '../commands/mfa.commands';
import { ChangePassword, ConfirmForgotPassword, ForgotPassword } from '../commands/password.commands';
import { RespondToAuthChallenge } from '../commands/respond-to-auth-challenge.command';
import { InitiateAuth } from '../commands/sign-in.commands';
import { ConfirmSignUp, ResendConfirmationCode, SignUp } from '../commands/sign-up.commands';
import {
  DeleteUser,
  DeleteUserAttributes,
  GetUserAttributeVerificationCode,
  UpdateUserAttributes,
  VerifyUserAttribute,
} from '../commands/user-attributes.commands';
import { GetDevice, ListDevices } from '../queries/device.queries';
import { GetUser } from '../queries/get-user.query';

type Message = new (input: never, call: CallInfo) => object;

/** Each protocol action, as the command (or query) that carries it out. */
export const protocolActions: Record<IdentityAction, { kind: 'command' | 'query'; message: Message }> = {
  InitiateAuth: { kind: 'command', message: InitiateAuth },
  RespondToAuthChallenge: { kind: 'command', message: RespondToAuthChallenge },
  SignUp: { kind: 'command', message: SignUp },
  ConfirmSignUp: { kind: 'command', message: ConfirmSignUp },
  ResendConfirmationCode: { kind: 'command', message: ResendConfirmationCode },
  ForgotPassword: { kind: 'command', message: ForgotPassword },
  ConfirmForgotPassword: { kind: 'command', message: ConfirmForgotPassword },
  ChangePassword: { kind: 'command', message: ChangePassword },
  GetUser: { kind: 'query', message: GetUser },
  UpdateUserAttributes: { kind: 'command', message: UpdateUserAttributes },
  DeleteUserAttributes: { kind: 'command', message: DeleteUserAttributes },
  DeleteUser: { kind: 'command', message: DeleteUser },
  GetUserAttributeVerificationCode: { kind: 'command', message: GetUserAttributeVerificationCode },
  VerifyUserAttribute: { kind: 'command', message: VerifyUserAttribute },
  AssociateSoftwareToken: { kind: 'command', message: AssociateSoftwareToken },
  VerifySoftwareToken: { kind: 'command', message: VerifySoftwareToken },
  SetUserMFAPreference: { kind: 'command', message: SetUserMFAPreference },
  GlobalSignOut: { kind: 'command', message: GlobalSignOut },
  SetUserSettings: { kind: 'command', message: SetUserSettings },
  ConfirmDevice: { kind: 'command', message: ConfirmDevice },
  GetDevice: { kind: 'query', message: GetDevice },
  ListDevices: { kind: 'query', message: ListDevices },
  ForgetDevice: { kind: 'command', message: ForgetDevice },
  UpdateDeviceStatus: { kind: 'command', message: UpdateDeviceStatus },
};
