/** The devkit's Stripe emulator as tests reach it: its webhook secret, and signing a webhook as it does. */
export { LOCAL_WEBHOOK_SECRET } from '../devkit/payments/stripe-emulator.stand-in';
export { signPayload } from '../devkit/payments/webhook-dispatcher';
