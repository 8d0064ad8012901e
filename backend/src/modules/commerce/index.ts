/** The commerce module's public surface. */
export { CommerceModule } from './commerce.module';
export { createStripeEmulator } from './stripe-emulator';
