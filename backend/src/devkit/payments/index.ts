export { createStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from './stripe-emulator';
export {
  InMemoryEmulatorStore,
  type EmulatorStore,
  type ObjectKind,
  type StripeObject,
  type IdempotentAnswer,
} from './emulator-store';
export { signPayload, postSigned, type Delivery } from './webhook-dispatcher';
export { parseForm } from './form-encoding';
export { PgEmulatorStore, type SqlRunner } from './pg-emulator-store';
export { PgWebhookOutbox } from './pg-webhook-outbox';
