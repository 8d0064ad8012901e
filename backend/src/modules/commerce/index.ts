/** The commerce module's public surface. */
export { CommerceModule } from './commerce.module';
export { CommerceProjection } from './projections/commerce.projection';
export { StripeGateway, LOCAL_WEBHOOK_SECRET, WEBHOOK_PATH, EMULATOR_PAGE_PREFIX } from './infra/stripe-gateway';
export { createStripeEmulator, signPayload } from './infra/stripe-emulator';
/** For the operations console: the log of Stripe webhook deliveries. */
export { WebhookDeliveries, type WebhookDeliveryRow } from './infra/webhook-deliveries';
