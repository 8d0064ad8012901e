import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { WEBHOOK_PATH, type PaymentsStandIn } from '../../modules/commerce';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config';
import { Database } from '../../platform/database/database';
import { RawRoutes } from '../../platform/http/raw-routes';
import { PgEmulatorStore, type SqlRunner } from './pg-emulator-store';
import { PgWebhookOutbox } from './pg-webhook-outbox';
import { createStripeEmulator, type StripeEmulator } from './stripe-emulator';

/** Webhook secret of the emulator when none is configured (local only: the emulator signs with it). */
export const LOCAL_WEBHOOK_SECRET = 'whsec_sparkhouse_local_emulator';
const EMULATOR_KEY = 'sk_test_sparkhouse_emulator';
/** Where the emulator's hosted checkout page is served to browsers (never the SPA's /checkout). */
export const EMULATOR_PAGE_PREFIX = '/api/stripe-emulator';

/**
 * The Stripe emulator as commerce's PaymentsStandIn, outside production without STRIPE_SECRET_KEY: its
 * state lives in PostgreSQL, so it survives restarts and is shared by every process; each process
 * listens on a loopback port of its own for the SDK, the API process also serves it under
 * /api/stripe-emulator (its hosted checkout page, and its API for tools), and the API nodes deliver its
 * webhooks from a PostgreSQL outbox, one node at a time.
 */
@Injectable()
export class StripeEmulatorStandIn implements PaymentsStandIn, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('StripeEmulator');
  private emulator: StripeEmulator | null = null;
  private emulatorReady: Promise<StripeEmulator> | null = null;
  private outbox: PgWebhookOutbox | null = null;
  readonly webhookSecret: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: Database,
    private readonly rawRoutes: RawRoutes,
    private readonly http: HttpAdapterHost,
  ) {
    this.webhookSecret = config.STRIPE_WEBHOOK_SECRET || LOCAL_WEBHOOK_SECRET;
    // the hosted page reads its form body itself: mounted before the body parsers
    rawRoutes.register(EMULATOR_PAGE_PREFIX, (req, res, next) => {
      void this.ensureEmulator()
        .then((emulator) => emulator.handle(req, res))
        .catch(next);
    });
  }

  async endpoint() {
    const emulator = await this.ensureEmulator();
    const { port } = emulator.server.address() as AddressInfo;
    return { host: '127.0.0.1', port, protocol: 'http' as const, apiKey: EMULATOR_KEY };
  }

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
    if (!this.rawRoutes.mounted || !this.config.STRIPE_EMULATOR_WEBHOOKS) return;
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

  /** The emulator's own test clock (end a trial, renew a period). */
  async advanceSubscription(subscriptionId: string, opts: { trialEnd?: boolean; renew?: boolean }) {
    return (await this.ensureEmulator()).advanceSubscription(subscriptionId, opts);
  }

  async onApplicationShutdown() {
    this.outbox?.stop();
    await this.emulator?.close();
  }
}
