import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { CheckoutSessionStarted } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { conflict, notFound } from '../../../platform/http/errors';
import { providerFailed, StripeSupport } from '../infra/stripe-support';
import { streams } from '../infra/streams';
import { CommerceQueries } from '../queries/commerce.queries';

/** Start a subscription checkout for one plan of an app, with the plan's free trial when it has one. */
export class StartSubscriptionCheckout {
  constructor(
    readonly userId: string,
    readonly email: string | null,
    readonly storefrontSlug: string,
    readonly appSlug: string,
    readonly priceOptionId: string,
    readonly successUrl: string,
    readonly cancelUrl: string,
    readonly metadata: Record<string, string>,
    /** Creator platform: the tier the option must belong to. */
    readonly tierSlug: string | null = null,
  ) {}
}

@CommandHandler(StartSubscriptionCheckout)
export class StartSubscriptionCheckoutHandler implements ICommandHandler<
  StartSubscriptionCheckout,
  { url: string; sessionId: string }
> {
  constructor(
    private readonly orm: MikroORM,
    private readonly events: EventStore,
    private readonly queries: CommerceQueries,
    private readonly stripe: StripeSupport,
  ) {}

  async execute(c: StartSubscriptionCheckout) {
    const successUrl = this.stripe.returnUrl(c.successUrl, 'successUrl');
    const cancelUrl = this.stripe.returnUrl(c.cancelUrl, 'cancelUrl');
    const option = (await this.queries.priceOptions(c.storefrontSlug, c.appSlug)).find((o) => o.id === c.priceOptionId);
    if (!option || (c.tierSlug !== null && option.tierSlug !== c.tierSlug)) throw notFound('No such price option.');
    const mine = (await this.queries.subscriptions(c.userId)).filter(
      (s) => s.storefrontSlug === c.storefrontSlug && s.appSlug === c.appSlug,
    );
    if (mine.some((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired')) {
      throw conflict('You already have a subscription to this plan.');
    }
    // one free trial per app and user: a returning subscriber pays from the first day
    const trialDays = mine.length === 0 ? option.trialDays : 0;
    let session: { id: string; url: string | null };
    try {
      const customer = await this.stripe.ensureCustomer(c.userId, c.email);
      const stripe = await this.stripe.stripe();
      const subscriptionMetadata = {
        userId: c.userId,
        storefrontSlug: c.storefrontSlug,
        appSlug: c.appSlug,
        appId: option.appId ?? '',
        priceOptionId: option.id,
        planDisplayName: option.displayName,
        tierSlug: option.tierSlug ?? '',
        periodCreditInCents: String(option.periodCreditInCents),
      };
      session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: c.userId,
        line_items: [{ price: option.priceId, quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata: { ...c.metadata, kind: 'subscription', userId: c.userId },
        subscription_data: {
          ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
          metadata: subscriptionMetadata,
        },
      });
    } catch {
      throw providerFailed('Failed to create checkout session');
    }
    if (!session.url) throw providerFailed('Failed to create checkout session');
    await this.orm.em.fork().transactional((tem) =>
      this.events.append(tem, streams.checkout(session.id), [
        {
          type: CheckoutSessionStarted.type,
          payload: {
            sessionId: session.id,
            userId: c.userId,
            mode: 'subscription',
            lines: [],
            amountTotalInCents: option.amountInCents,
            currency: option.currency,
            storefrontSlug: c.storefrontSlug,
            appSlug: c.appSlug,
            priceOptionId: option.id,
            attribution: {},
            discountCode: null,
          },
        },
      ]),
    );
    return { url: session.url, sessionId: session.id };
  }
}
