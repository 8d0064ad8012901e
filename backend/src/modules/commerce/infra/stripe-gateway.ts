import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { ApiError } from '../../../platform/http/errors';
import { PAYMENTS_STAND_IN, type PaymentsStandIn } from '../domain/payments-stand-in.port';

/** Payments without a Stripe account in production: every call that needs Stripe answers this. */
export const PAYMENTS_OFF_MESSAGE = 'Payments are not available on this server yet.';

/**
 * The one Stripe client of the product (official SDK). With STRIPE_SECRET_KEY it is real Stripe.
 * Without, it is pointed (host/port/protocol) at the payments stand-in when one is wired in (the
 * devkit's emulator, outside production only). In production without a key there is no stand-in at
 * all: payments are off (503) and webhooks are refused.
 */
@Injectable()
export class StripeGateway {
  private readonly log = new Logger('StripeGateway');
  private client: Promise<Stripe> | null = null;
  readonly webhookSecret: string;
  readonly emulated: boolean;
  /** False in production without STRIPE_SECRET_KEY. */
  readonly available: boolean;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(PAYMENTS_STAND_IN) private readonly standIn: PaymentsStandIn | null,
  ) {
    this.emulated = !config.STRIPE_SECRET_KEY && Boolean(standIn);
    this.available = Boolean(config.STRIPE_SECRET_KEY) || this.emulated;
    this.webhookSecret = config.STRIPE_WEBHOOK_SECRET || (this.emulated ? standIn!.webhookSecret : '');
    if (!this.available)
      this.log.warn('payments are off: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (production has no emulator)');
  }

  /** The SDK client (real Stripe, or the stand-in once it listens); a 503 when payments are off. */
  stripe(): Promise<Stripe> {
    if (!this.available) return Promise.reject(new ApiError(503, 'PAYMENTS_OFF', PAYMENTS_OFF_MESSAGE));
    this.client ??= this.create().catch((err) => {
      this.client = null;
      throw err;
    });
    return this.client;
  }

  private async create(): Promise<Stripe> {
    // the SDK is loaded by the first payment call, not in every process at start
    const { default: StripeSdk } = await import('stripe');
    if (!this.emulated) return new StripeSdk(this.config.STRIPE_SECRET_KEY, { maxNetworkRetries: 2 });
    const { apiKey, ...at } = await this.standIn!.endpoint();
    return new StripeSdk(apiKey, { ...at, maxNetworkRetries: 2 });
  }

  /** Test and bench helper: the stand-in's own test clock (end a trial, renew a period). */
  async advanceSubscription(subscriptionId: string, opts: { trialEnd?: boolean; renew?: boolean }) {
    if (!this.emulated) throw new Error('only the emulator can advance subscriptions');
    return this.standIn!.advanceSubscription(subscriptionId, opts);
  }
}
