import { Module } from '@nestjs/common';
import { CreateAccountWithTemporaryPasswordHandler } from './commands/create-account-with-temporary-password.command';
import { FederatedSignIn } from './federated-sign-in';
import { GlobalSignOutHandler } from './commands/global-sign-out.command';
import { ConfirmDeviceHandler } from './commands/confirm-device.command';
import { ForgetDeviceHandler } from './commands/forget-device.command';
import { UpdateDeviceStatusHandler } from './commands/update-device-status.command';
import { AssociateSoftwareTokenHandler } from './commands/associate-software-token.command';
import { SetUserMFAPreferenceHandler } from './commands/set-user-mfa-preference.command';
import { SetUserSettingsHandler } from './commands/set-user-settings.command';
import { VerifySoftwareTokenHandler } from './commands/verify-software-token.command';
import { ChangePasswordHandler } from './commands/change-password.command';
import { ConfirmForgotPasswordHandler } from './commands/confirm-forgot-password.command';
import { ForgotPasswordHandler } from './commands/forgot-password.command';
import { RespondToAuthChallengeHandler } from './commands/respond-to-auth-challenge.command';
import { InitiateAuthHandler } from './commands/initiate-auth.command';
import { ConfirmSignUpHandler } from './commands/confirm-sign-up.command';
import { ResendConfirmationCodeHandler } from './commands/resend-confirmation-code.command';
import { SignUpHandler } from './commands/sign-up.command';
import { DeleteUserAttributesHandler } from './commands/delete-user-attributes.command';
import { DeleteUserHandler } from './commands/delete-user.command';
import { GetUserAttributeVerificationCodeHandler } from './commands/get-user-attribute-verification-code.command';
import { UpdateUserAttributesHandler } from './commands/update-user-attributes.command';
import { VerifyUserAttributeHandler } from './commands/verify-user-attribute.command';
import { IdentityProtocolController } from './http/identity-protocol.controller';
import { CodeDelivery } from './infra/code-delivery';
import { EmailOutbox } from '../../../platform/mail/email-outbox';
import { IdentityTokens } from './infra/identity-tokens';
import { IdentityUnitOfWork } from './infra/identity-unit-of-work';
import { RateLimiter } from './infra/rate-limiter';
import { IdentitySessionRevocation } from './infra/session-revocation';
import { SESSION_REVOCATION } from '../../../platform/auth/session-revocation';
import { GetUserHandler } from './queries/get-user.query';
import { OperationsDirectory } from './queries/operations-directory.query';
import { SetConsoleRoleHandler } from './commands/set-console-role.command';
import { GetDeviceHandler } from './queries/get-device.query';
import { ListDevicesHandler } from './queries/list-devices.query';
import { ChallengeState } from './infra/challenge-state';
import { PoolSecret } from './infra/pool-secret';
import { SrpCredentials } from './infra/srp-credentials';
import { CUSTOM_CHALLENGE_HOOK, EmailedCodeChallenge } from './infra/custom-challenge';
import { SignInSteps } from './infra/sign-in-steps';

/**
 * The built-in identity provider: accounts, credentials, codes, tokens, the user-pool protocol.
 * Its write model is plain tables (identity_account, identity_code, identity_session,
 * identity_refresh_token, identity_device, email_outbox) changed by commands that append
 * account-<userId> events; sign-in challenges keep their server-side half in Redis.
 */
@Module({
  // the mail outbox reader (DevOutboxController) is mounted by IdentityDevToolsModule, outside production only
  controllers: [IdentityProtocolController],
  providers: [
    IdentityUnitOfWork,
    IdentityTokens,
    EmailOutbox,
    CodeDelivery,
    RateLimiter,
    ChallengeState,
    PoolSecret,
    SrpCredentials,
    SignInSteps,
    // the product's CUSTOM_AUTH challenge (define / create / verify); by default an emailed one-time code
    { provide: CUSTOM_CHALLENGE_HOOK, useClass: EmailedCodeChallenge },
    SignUpHandler,
    ConfirmSignUpHandler,
    ResendConfirmationCodeHandler,
    InitiateAuthHandler,
    RespondToAuthChallengeHandler,
    ForgotPasswordHandler,
    ConfirmForgotPasswordHandler,
    ChangePasswordHandler,
    UpdateUserAttributesHandler,
    DeleteUserAttributesHandler,
    GetUserAttributeVerificationCodeHandler,
    VerifyUserAttributeHandler,
    DeleteUserHandler,
    AssociateSoftwareTokenHandler,
    VerifySoftwareTokenHandler,
    SetUserMFAPreferenceHandler,
    GlobalSignOutHandler,
    SetUserSettingsHandler,
    ConfirmDeviceHandler,
    UpdateDeviceStatusHandler,
    ForgetDeviceHandler,
    GetDeviceHandler,
    ListDevicesHandler,
    CreateAccountWithTemporaryPasswordHandler,
    GetUserHandler,
    FederatedSignIn,
    { provide: SESSION_REVOCATION, useClass: IdentitySessionRevocation },
    OperationsDirectory,
    SetConsoleRoleHandler,
  ],
  exports: [FederatedSignIn, OperationsDirectory, EmailOutbox],
})
export class IdentityProviderModule {}
