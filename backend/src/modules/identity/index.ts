/** The identity module's public surface. */
export { IdentityModule, IdentityDevToolsModule } from './identity.module';
/** For the operations console: account emails, console roles, the email outbox (viewer, retries, alert mail). */
export { OperationsDirectory, type ConsoleRoleName } from './provider/operations-directory';
/** The port a stand-in for Google and Apple sign-in implements (the devkit's, outside production). */
export { SOCIAL_SIGN_IN, type SocialSignIn, type StandInName } from './federation/social-sign-in';
