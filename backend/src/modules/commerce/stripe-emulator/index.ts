export { createStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from './stripe-emulator';
export {
  InMemoryEmulatorStore,
  type EmulatorStore,
  type ObjectKind,
  type StripeObject,
  type IdempotentAnswer,
} from './emulator-store';
export { signPayload, type Delivery } from './webhook-dispatcher';
export { parseForm } from './form-encoding';
