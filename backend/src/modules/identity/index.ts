/** The identity module's public surface. */
export { IdentityModule } from './identity.module';
