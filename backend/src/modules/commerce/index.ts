/** The commerce module's public surface. */
export { CommerceModule } from './commerce.module';
/** For the operations console: the log of Stripe webhook deliveries. */
export { WebhookDeliveries, type WebhookDeliveryRow } from './queries/webhook-deliveries.query';
/** The port a stand-in for Stripe implements (the devkit's emulator, outside production). */
export { PAYMENTS_STAND_IN, WEBHOOK_PATH, type PaymentsStandIn } from './domain/payments-stand-in.port';
