/** The identity module's public surface. */
export { IdentityModule, IdentityDevToolsModule } from './identity.module';
/** For the operations console: account emails and console members; giving or taking a console role. */
export { OperationsDirectory, type ConsoleRoleName } from './provider/queries/operations-directory.query';
export { SetConsoleRole } from './provider/commands/set-console-role.command';
/** The port a stand-in for Google and Apple sign-in implements (the devkit's, outside production). */
export { SOCIAL_SIGN_IN, type SocialSignIn, type StandInName } from './federation/domain/social-sign-in.port';
