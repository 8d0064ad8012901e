/** The identity module's public surface. */
export { IdentityModule, IdentityDevToolsModule } from './identity.module';
/** For the operations console: account emails, console roles, the email outbox (viewer, retries, alert mail). */
export { OperationsDirectory, type ConsoleRoleName } from './provider/operations-directory';
