import { Module } from '@nestjs/common';
import { CreateAccountWithTemporaryPasswordHandler } from './commands/create-account-with-temporary-password.command';
import { FederatedSignIn } from './commands/federated-sign-in';
import { GlobalSignOutHandler } from './commands/global-sign-out.command';
import { AssociateSoftwareTokenHandler, SetUserMFAPreferenceHandler, VerifySoftwareTokenHandler } from './commands/mfa.commands';
import { ChangePasswordHandler, ConfirmForgotPasswordHandler, ForgotPasswordHandler } from './commands/password.commands';
import { RespondToAuthChallengeHandler } from './commands/respond-to-auth-challenge.command';
import { InitiateAuthHandler } from './commands/sign-in.commands';
import { ConfirmSignUpHandler, ResendConfirmationCodeHandler, SignUpHandler } from './commands/sign-up.commands';
import {
  DeleteUserAttributesHandler,
  DeleteUserHandler,
  GetUserAttributeVerificationCodeHandler,
  UpdateUserAttributesHandler,
  VerifyUserAttributeHandler,
} from './commands/user-attributes.commands';
import { DevOutboxController } from './http/dev-outbox.controller';
import { IdentityProtocolController } from './http/identity-protocol.controller';
import { CodeDelivery } from './infra/code-delivery';
import { EmailOutbox } from './infra/email-outbox';
import { IdentityTokens } from './infra/identity-tokens';
import { IdentityUnitOfWork } from './infra/identity-unit-of-work';
import { RateLimiter } from './infra/rate-limiter';
import { IdentitySessionRevocation } from './infra/session-revocation';
import { SESSION_REVOCATION } from '../../../platform/auth/session-revocation';
import { GetUserHandler } from './queries/get-user.query';

/**
 * The built-in identity provider: accounts, credentials, codes, tokens, the user-pool protocol.
 * Its write model is plain tables (identity_account, identity_code, identity_session,
 * identity_refresh_token, email_outbox) changed by commands that append account-<userId> events.
 */
@Module({
  controllers: [IdentityProtocolController, DevOutboxController],
  providers: [
    IdentityUnitOfWork,
    IdentityTokens,
    EmailOutbox,
    CodeDelivery,
    RateLimiter,
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
    CreateAccountWithTemporaryPasswordHandler,
    GetUserHandler,
    FederatedSignIn,
    { provide: SESSION_REVOCATION, useClass: IdentitySessionRevocation },
  ],
  exports: [FederatedSignIn],
})
export class IdentityProviderModule {}
