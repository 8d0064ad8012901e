import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { SubscriptionStarted } from '@sparkhouse/contracts';
import { rows } from '../../../platform/database/sql';
import { foldSubscription, type SubscriptionState } from '../domain/subscription-state';
import { EventStore } from '../../../platform/events/event-store';
import { conflict, notFound } from '../../../platform/http/errors';
import { plansFor } from '../domain/payment-options';
import { CheckoutClaims, subscriptionCheckoutKey } from '../infra/checkout-claims';
import { StripeSupport } from '../infra/stripe-support';
import { CommerceQueries } from '../queries/commerce.query';

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
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly queries: CommerceQueries,
    private readonly stripe: StripeSupport,
    private readonly claims: CheckoutClaims,
  ) {}

  async execute(c: StartSubscriptionCheckout) {
    const successUrl = this.stripe.returnUrl(c.successUrl, 'successUrl');
    const cancelUrl = this.stripe.returnUrl(c.cancelUrl, 'cancelUrl');
    // an app that is not published yet sells nothing, except to its owner trying the checkout out;
    // members buy the plans as last published, its owner the draft
    const app = await this.queries.appBySlugs(c.storefrontSlug, c.appSlug);
    const which = plansFor(app, { id: c.userId, admin: false });
    if (which === null) throw notFound('No such price option.');
    const option = (await this.queries.priceOptions(c.storefrontSlug, c.appSlug, { live: which === 'live' })).find(
      (o) => o.id === c.priceOptionId,
    );
    if (!option || (c.tierSlug !== null && option.tierSlug !== c.tierSlug)) throw notFound('No such price option.');
    // from the write side: a subscription started or ended a moment ago decides the trial and the refusal
    const mine = await this.subscriptionsFromLog(c.userId, c.storefrontSlug, c.appSlug);
    if (mine.some((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired')) {
      throw conflict('You already have a subscription to this plan.');
    }
    // one free trial per app and user: a returning subscriber pays from the first day
    const trialDays = mine.length === 0 ? option.trialDays : 0;
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
    // A double submit (or coming back from the payment page) gets the buyer's open session for the same
    // request: same option, trial, return addresses and metadata (the purchase calls' claims).
    const claim = await this.claims.reuseOrClaim(
      c.userId,
      subscriptionCheckoutKey({
        storefrontSlug: c.storefrontSlug,
        appSlug: c.appSlug,
        priceOptionId: option.id,
        priceId: option.priceId,
        trialDays,
        successUrl,
        cancelUrl,
        metadata: c.metadata,
        subscriptionMetadata,
      }),
    );
    if ('reuse' in claim) return { url: claim.reuse.url, sessionId: claim.reuse.sessionId };
    const session = await this.claims.openSession(
      claim.claimId,
      async () => ({
        mode: 'subscription',
        customer: await this.stripe.ensureCustomer(c.userId, c.email),
        client_reference_id: c.userId,
        line_items: [{ price: option.priceId, quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata: { ...c.metadata, kind: 'subscription', userId: c.userId },
        subscription_data: {
          ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
          metadata: subscriptionMetadata,
        },
      }),
      () => ({
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
      }),
    );
    return { url: session.url, sessionId: session.sessionId };
  }

  /** The user's subscriptions to one app as their own streams tell them (not the read model, which may trail). */
  private async subscriptionsFromLog(userId: string, storefrontSlug: string, appSlug: string) {
    const em = this.orm.em.fork();
    const started = await rows<{ stream_id: string }>(
      em,
      `select stream_id from domain_event where type = ? and payload->>'userId' = ?
          and payload->>'storefrontSlug' = ? and payload->>'appSlug' = ?`,
      [SubscriptionStarted.type, userId, storefrontSlug, appSlug],
    );
    const out: SubscriptionState[] = [];
    for (const r of started) out.push(foldSubscription(await this.events.readStream(em, r.stream_id)));
    return out;
  }
}
