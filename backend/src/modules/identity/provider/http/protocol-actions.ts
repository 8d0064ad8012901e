import type { IdentityAction } from '@sparkhouse/contracts';
import type { CallInfo } from '../domain/protocol-inputs';
import { GlobalSignOut } from '../commands/global-sign-out.command';
import { ConfirmDevice } from '../commands/confirm-device.command';
import { ForgetDevice } from '../commands/forget-device.command';
import { UpdateDeviceStatus } from '../commands/update-device-status.command';
import { AssociateSoftwareToken } from '../commands/associate-software-token.command';
import { SetUserMFAPreference } from '../commands/set-user-mfa-preference.command';
import { SetUserSettings } from '../commands/set-user-settings.command';
import { VerifySoftwareToken } from '../commands/verify-software-token.command';
import { ChangePassword } from '../commands/change-password.command';
import { ConfirmForgotPassword } from '../commands/confirm-forgot-password.command';
import { ForgotPassword } from '../commands/forgot-password.command';
import { RespondToAuthChallenge } from '../commands/respond-to-auth-challenge.command';
import { InitiateAuth } from '../commands/initiate-auth.command';
import { ConfirmSignUp } from '../commands/confirm-sign-up.command';
import { ResendConfirmationCode } from '../commands/resend-confirmation-code.command';
import { SignUp } from '../commands/sign-up.command';
import { DeleteUser } from '../commands/delete-user.command';
import { DeleteUserAttributes } from '../commands/delete-user-attributes.command';
import { GetUserAttributeVerificationCode } from '../commands/get-user-attribute-verification-code.command';
import { UpdateUserAttributes } from '../commands/update-user-attributes.command';
import { VerifyUserAttribute } from '../commands/verify-user-attribute.command';
import { GetDevice } from '../queries/get-device.query';
import { ListDevices } from '../queries/list-devices.query';
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
