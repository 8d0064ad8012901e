import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import type Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { ApiError, badRequest } from '../../../platform/http/errors';
import { rows } from '../../../platform/database/sql';
import { EventStore } from '../../../platform/events/event-store';
import { StripeCustomerCreated } from '@sparkhouse/contracts';
import { streams } from './streams';
import { StripeGateway } from './stripe-gateway';

/** The payment provider failed (network, 5xx, bad answer): the caller sees the spec's message with 502. */
export const providerFailed = (message: string) => new ApiError(502, 'PAYMENT_PROVIDER_FAILED', message);

/** Stripe objects commerce keeps for itself: one customer per user, one product and price per catalogue price. */
@Injectable()
export class StripeSupport {
  private readonly priceCache = new Map<string, string>();

  constructor(
    private readonly gateway: StripeGateway,
    private readonly orm: Database,
    private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  stripe(): Promise<Stripe> {
    return this.gateway.stripe();
  }

  async customerOf(userId: string): Promise<string | null> {
    const [r] = await rows<{ customer_id: string }>(
      this.orm.em.fork(),
      `select customer_id from commerce_customer where user_id = ?`,
      [userId],
    );
    return r?.customer_id ?? null;
  }

  /** The user's Stripe customer, created once (an idempotency key guards two concurrent first checkouts). */
  async ensureCustomer(userId: string, email: string | null): Promise<string> {
    const known = await this.customerOf(userId);
    if (known) return known;
    const stripe = await this.stripe();
    const customer = await stripe.customers.create(
      { ...(email ? { email } : {}), metadata: { userId } },
      { idempotencyKey: `sparkhouse-customer-${userId}` },
    );
    // the first to record it also records the fact (User.stripeCustomerId follows it), in one transaction
    await this.orm.em.fork().transactional(async (tem) => {
      const inserted = await rows(
        tem,
        `insert into commerce_customer (user_id, customer_id) values (?, ?) on conflict do nothing returning user_id`,
        [userId, customer.id],
      );
      if (inserted.length > 0)
        await this.events.append(tem, streams.customer(userId), [
          { type: StripeCustomerCreated.type, payload: { userId, customerId: customer.id } },
        ]);
    });
    return (await this.customerOf(userId)) ?? customer.id;
  }

  /** A one-time Stripe price for a catalogue product at the amount this buyer pays. */
  async oneTimePrice(productId: string, title: string, amountInCents: number, currency: string): Promise<string> {
    const key = `${productId}:${amountInCents}:${currency}`;
    const cached = this.priceCache.get(key);
    if (cached) return cached;
    const stripe = await this.stripe();
    const product = await stripe.products.create(
      { name: title.slice(0, 250) || productId, metadata: { productId } },
      { idempotencyKey: `sparkhouse-product-${productId}` },
    );
    const price = await stripe.prices.create(
      { product: product.id, unit_amount: amountInCents, currency: currency.toLowerCase() },
      { idempotencyKey: `sparkhouse-price-${key}` },
    );
    this.priceCache.set(key, price.id);
    return price.id;
  }

  /** A return address on this site: paths are resolved against PUBLIC_URL; other origins are refused. */
  returnUrl(url: string, field: string): string {
    const base = this.config.PUBLIC_URL.replace(/\/$/, '');
    if (url.startsWith('/') && !url.startsWith('//')) return `${base}${url}`;
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      throw badRequest(`${field} must be a path or an address on this site`);
    }
    const allowed = new Set([new URL(base).origin, ...this.config.CORS_ORIGINS.map((o) => o.replace(/\/$/, ''))]);
    if (!allowed.has(origin)) throw badRequest(`${field} must be an address on this site`);
    return url;
  }

  defaultSuccessUrl(): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}/checkout/success?session_id={CHECKOUT_SESSION_ID}`;
  }

  defaultCancelUrl(): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}/cart`;
  }
}

/** Is this error the provider's (to be answered 502 with the spec's message) rather than ours? */
export function isProviderError(err: unknown): boolean {
  const type = (err as { type?: string })?.type;
  return typeof type === 'string' && type.startsWith('Stripe');
}
