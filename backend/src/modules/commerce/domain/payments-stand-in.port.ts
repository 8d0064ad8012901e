/** Where the payment provider's webhooks are received (the product's endpoint; a stand-in delivers there too). */
export const WEBHOOK_PATH = '/api/payments/webhook';

/**
 * The port to a payment provider standing in for Stripe where no Stripe account is configured (outside
 * production: the devkit's emulator, backend/src/devkit/payments). Commerce talks to it with the official
 * Stripe SDK, pointed at the address it gives; it signs the webhooks it sends with its secret.
 */
export interface PaymentsStandIn {
  /** The secret its webhooks are signed with (unless STRIPE_WEBHOOK_SECRET is set: then that one). */
  readonly webhookSecret: string;
  /** Where the Stripe SDK reaches it, and the key to use (it starts on the first call). */
  endpoint(): Promise<{ host: string; port: number; protocol: 'http'; apiKey: string }>;
  /** Its test clock, for tests and benches: end a subscription's trial, or renew its period. */
  advanceSubscription(subscriptionId: string, opts: { trialEnd?: boolean; renew?: boolean }): Promise<unknown>;
}

/** Injection token of the PaymentsStandIn; absent where there is none (production, or a Stripe account). */
export const PAYMENTS_STAND_IN = Symbol('PaymentsStandIn');
