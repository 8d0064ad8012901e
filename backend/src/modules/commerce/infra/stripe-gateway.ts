import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Database } from '../../../platform/database/database';
import type Stripe from 'stripe';
import { APP_CONFIG, developmentTools, type AppConfig } from '../../../platform/config/config';
import { ApiError } from '../../../platform/http/errors';
import { RawRoutes } from '../../../platform/http/raw-routes';
import { createStripeEmulator, PgEmulatorStore, PgWebhookOutbox, type SqlRunner, type StripeEmulator } from './stripe-emulator';

/** Webhook secret of the built-in emulator when none is configured (local only: the emulator signs with it). */
export const LOCAL_WEBHOOK_SECRET = 'whsec_sparkhouse_local_emulator';
const EMULATOR_KEY = 'sk_test_sparkhouse_emulator';
/** Where the emulator's hosted checkout page is served to browsers (never the SPA's /checkout). */
export const EMULATOR_PAGE_PREFIX = '/api/stripe-emulator';
export const WEBHOOK_PATH = '/api/payments/webhook';

/** Payments without a Stripe account in production: every call that needs Stripe answers this. */
export const PAYMENTS_OFF_MESSAGE = 'Payments are not available on this server yet.';

/**
 * The one Stripe client of the product (official SDK). With STRIPE_SECRET_KEY it is real Stripe.
 * Without, outside production, it is pointed (host/port/protocol) at the built-in emulator: its state
 * lives in PostgreSQL, so it survives restarts and is shared by every process; each process listens on
 * a loopback port of its own for the SDK, the API process also serves the emulator under
 * /api/stripe-emulator (its hosted checkout page, and its API for tools), and the API nodes deliver its
 * webhooks from a PostgreSQL outbox, one node at a time. In production without a key there is no
 * emulator at all: payments are off (503) and webhooks are refused, since the emulator's webhook
 * secret is public.
 */
@Injectable()
export class StripeGateway implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('StripeGateway');
  private client: Promise<Stripe> | null = null;
  private emulator: StripeEmulator | null = null;
  private outbox: PgWebhookOutbox | null = null;
  readonly webhookSecret: string;
  readonly emulated: boolean;
  /** False in production without STRIPE_SECRET_KEY. */
  readonly available: boolean;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: Database,
    private readonly rawRoutes: RawRoutes,
    private readonly http: HttpAdapterHost,
  ) {
    this.emulated = developmentTools(config).stripeEmulator;
    this.available = Boolean(config.STRIPE_SECRET_KEY) || this.emulated;
    this.webhookSecret = config.STRIPE_WEBHOOK_SECRET || LOCAL_WEBHOOK_SECRET;
    if (!this.available)
      this.log.warn('payments are off: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (production has no emulator)');
    if (this.emulated) {
      // the hosted page reads its form body itself: mounted before the body parsers
      rawRoutes.register(EMULATOR_PAGE_PREFIX, (req, res, next) => {
        void this.ensureEmulator()
          .then((emulator) => emulator.handle(req, res))
          .catch(next);
      });
    }
  }

  /** The SDK client (real Stripe, or the emulator once it listens); a 503 when payments are off. */
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
    const emulator = await this.ensureEmulator();
    const { port } = emulator.server.address() as AddressInfo;
    return new StripeSdk(EMULATOR_KEY, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 2 });
  }

  private emulatorReady: Promise<StripeEmulator> | null = null;

  private ensureEmulator(): Promise<StripeEmulator> {
    this.emulatorReady ??= (async () => {
      const sql: SqlRunner = (query, params = []) => this.orm.em.fork().getConnection().execute(query, params, 'all');
      const emulator = createStripeEmulator({
        webhookSecret: this.webhookSecret,
        publicUrl: `${this.config.PUBLIC_URL.replace(/\/$/, '')}${EMULATOR_PAGE_PREFIX}`,
        store: new PgEmulatorStore(sql),
        onEvent: () => this.outbox?.poke(),
      });
      await emulator.listen(0);
      emulator.server.unref();
      this.emulator = emulator;
      return emulator;
    })();
    return this.emulatorReady;
  }

  onApplicationBootstrap() {
    // only API processes deliver the emulator's webhooks: they serve the endpoint
    if (!this.emulated || !this.rawRoutes.mounted || !this.config.STRIPE_EMULATOR_WEBHOOKS) return;
    this.outbox = new PgWebhookOutbox({
      transaction: (work) =>
        this.orm.em.fork().transactional((tem) => {
          const trx = tem.getTransactionContext();
          return work((query, params = []) => tem.getConnection().execute(query, params, 'all', trx));
        }),
      url: () => this.webhookUrl(),
      secret: this.webhookSecret,
      pollMs: 1000,
      onError: (err) => this.log.warn(`webhook delivery pass failed: ${(err as Error).message}`),
    });
    this.outbox.start();
  }

  private webhookUrl(): string | null {
    if (this.config.STRIPE_EMULATOR_WEBHOOK_URL) return this.config.STRIPE_EMULATOR_WEBHOOK_URL;
    const address = this.http.httpAdapter?.getHttpServer()?.address() as AddressInfo | string | null;
    if (!address || typeof address === 'string') return null;
    return `http://127.0.0.1:${address.port}${WEBHOOK_PATH}`;
  }

  /** Test and bench helper: the emulator's own test clock (end a trial, renew a period). */
  async advanceSubscription(subscriptionId: string, opts: { trialEnd?: boolean; renew?: boolean }) {
    if (!this.emulated) throw new Error('only the emulator can advance subscriptions');
    return (await this.ensureEmulator()).advanceSubscription(subscriptionId, opts);
  }

  async onApplicationShutdown() {
    this.outbox?.stop();
    await this.emulator?.close();
  }
}
