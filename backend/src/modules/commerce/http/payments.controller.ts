import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { commerce, type EventPayload, type PriceOptionsDefined } from '@sparkhouse/contracts';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { ApiError, forbidden, notFound } from '../../../platform/http/errors';
import { CancelSubscription } from '../commands/cancel-subscription.command';
import { ResumeSubscription } from '../commands/resume-subscription.command';
import { DefinePriceOptions } from '../commands/define-price-options.command';
import { StartPurchase, type StartPurchaseResult } from '../commands/start-purchase.command';
import { StartSubscriptionCheckout } from '../commands/start-subscription-checkout.command';
import {
  appPlans,
  CREATOR_PLATFORM,
  MEMBERSHIP,
  orderOptions,
  plansFor,
  planTexts,
  toPaymentOption,
  type PriceOptionRow,
} from '../domain/payment-options';
import { isActiveOrTrial, isActiveStatus } from '../domain/subscription-state';
import { CommerceQueries, toSubscription } from '../queries/commerce.query';
import { isAdmin } from '../../../platform/auth/principal';
import { caller, principal, timeZone } from './caller';

/** Whatever goes wrong inside answers the spec's message (a 4xx stays what it is). */
async function orFail<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.status < 500) throw err;
      throw new ApiError(err.status, err.code, message);
    }
    throw new ApiError(500, 'INTERNAL', message);
  }
}

/** The /payments/* and /subscription calls (envelope style). */
@Controller()
export class PaymentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: CommerceQueries,
  ) {}

  @Endpoint(commerce.getPaymentOptions)
  async paymentOptions(@Input() { params }: CallInput<typeof commerce.getPaymentOptions>) {
    return orFail('Failed to fetch payment options', async () => {
      const { storefrontSlug, appSlug } = params;
      const app = await this.queries.appBySlugs(storefrontSlug, appSlug);
      const isMembership = storefrontSlug === MEMBERSHIP.storefrontSlug && appSlug === MEMBERSHIP.appSlug;
      // an app not published yet is not found, as getAppBySlug answers, except for its owner (and admins),
      // who see the plans they are pricing; visitors see the plans as last published
      const who = principal();
      const which = plansFor(app, who?.kind === 'user' ? { id: who.id, admin: isAdmin(who) } : null);
      if (which === null) throw notFound('Failed to fetch payment options');
      const rows = await this.queries.priceOptions(storefrontSlug, appSlug, { live: which === 'live' });
      if (rows.length === 0 && !app && !isMembership) throw notFound('Failed to fetch payment options');
      const { options, defaultSelectedId } = orderOptions(rows);
      const name = isMembership ? MEMBERSHIP.name : (app?.name ?? appSlug);
      return {
        payment_options: options.map(toPaymentOption),
        ...planTexts(name, new Date(), timeZone()),
        prices_in_cents: true as const,
        defaultSelectedId,
      };
    });
  }

  @Endpoint(commerce.getCreatorPlatformPaymentOptions)
  async creatorPlatformOptions() {
    return orFail('Failed to fetch payment options', async () => {
      const rows = await this.queries.priceOptions(CREATOR_PLATFORM.storefrontSlug, CREATOR_PLATFORM.appSlug);
      const { options, defaultSelectedId } = orderOptions(rows);
      return {
        payment_options: options.map(toPaymentOption),
        tiers: CREATOR_PLATFORM.tiers.map(({ slug, displayName, description, features }) => ({
          slug,
          displayName,
          description,
          features,
        })),
        prices_in_cents: true as const,
        defaultSelectedId,
      };
    });
  }

  @Endpoint(commerce.createCheckoutSession)
  async createCheckoutSession(@Input() { body }: CallInput<typeof commerce.createCheckoutSession>) {
    const me = caller();
    if (body.userId !== me.id && !me.admin) throw forbidden('userId must be your own.');
    return orFail('Failed to create checkout session', () =>
      this.commands.execute(
        new StartSubscriptionCheckout(
          body.userId,
          me.email,
          body.storefrontSlug,
          body.appSlug,
          body.priceOptionId,
          body.successUrl,
          body.cancelUrl,
          body.metadata,
        ),
      ),
    );
  }

  @Endpoint(commerce.createCreatorPlatformCheckoutSession)
  async createCreatorPlatformCheckoutSession(@Input() { body }: CallInput<typeof commerce.createCreatorPlatformCheckoutSession>) {
    const me = caller();
    return orFail('Failed to create checkout session', () =>
      this.commands.execute(
        new StartSubscriptionCheckout(
          me.id,
          me.email,
          CREATOR_PLATFORM.storefrontSlug,
          CREATOR_PLATFORM.appSlug,
          body.price_option_id,
          body.success_url,
          body.cancel_url,
          { tier_slug: body.tier_slug },
          body.tier_slug,
        ),
      ),
    );
  }

  @Endpoint(commerce.getUserSubscriptions)
  async subscriptions(@Input() { query }: CallInput<typeof commerce.getUserSubscriptions>) {
    const me = caller();
    let userId = me.id;
    if (query.asUserEmail || query.asUserId) {
      if (!me.admin) throw forbidden('Only admins may look at another user’s subscriptions.');
      const target = query.asUserId ?? (await this.queries.userIdByEmail(query.asUserEmail!));
      if (!target) throw notFound('No user with that email.');
      userId = target;
    }
    return orFail('Failed to fetch subscription status', async () => {
      const subscriptions = await this.queries.subscriptions(userId);
      return {
        subscriptions,
        hasActiveSubscription: subscriptions.some((s) => isActiveStatus(s.status)),
        hasActiveOrTrialSubscription: subscriptions.some((s) =>
          isActiveOrTrial(s.status, s.trialDaysRemaining, s.isTrialExpired),
        ),
      };
    });
  }

  @Endpoint(commerce.getSubscription)
  async subscription() {
    const me = caller();
    return orFail('Failed to fetch subscription status', async () => {
      const all = await this.queries.subscriptions(me.id);
      const membership = all.filter((s) => s.storefrontSlug === MEMBERSHIP.storefrontSlug && s.appSlug === MEMBERSHIP.appSlug);
      // the live one if any, else the newest
      const current = membership.find((s) => s.status !== 'canceled') ?? membership[0];
      if (!current) return { status: 'none' as const, trialDaysRemaining: 0, isTrialExpired: false };
      return { status: current.status, trialDaysRemaining: current.trialDaysRemaining, isTrialExpired: current.isTrialExpired };
    });
  }

  @Endpoint(commerce.cancelSubscription)
  async cancelSubscription(@Input() { params }: CallInput<typeof commerce.cancelSubscription>) {
    const me = caller();
    return orFail('Failed to cancel subscription', (): Promise<commerce.SubscriptionRenewal> =>
      this.commands.execute(new CancelSubscription(me.id, params.subscriptionId)),
    );
  }

  @Endpoint(commerce.resumeSubscription)
  async resumeSubscription(@Input() { params }: CallInput<typeof commerce.resumeSubscription>) {
    const me = caller();
    return orFail('Failed to resume subscription', (): Promise<commerce.SubscriptionRenewal> =>
      this.commands.execute(new ResumeSubscription(me.id, params.subscriptionId)),
    );
  }

  @Endpoint(commerce.updatePriceOptions)
  async updatePriceOptions(@Input() { body }: CallInput<typeof commerce.updatePriceOptions>) {
    const me = caller();
    const app = await this.queries.appById(body.appId);
    if (!app) throw notFound('No such app.');
    if (app.owner_id !== me.id && !me.admin) throw forbidden('Only the app’s owner can change its pricing.');
    return orFail('Failed to update pricing', async () => {
      const defined: EventPayload<typeof PriceOptionsDefined> = await this.commands.execute(
        new DefinePriceOptions(
          app.storefront_slug,
          app.app_slug,
          app.app_id,
          app.name,
          null,
          appPlans(app.name, body),
          me.id,
          true,
          body.trialDays ?? null,
        ),
      );
      const rows: PriceOptionRow[] = defined.options.map((o) => ({ ...o, appId: app.app_id }));
      const ordered = orderOptions(rows);
      return { success: true as const, appId: app.app_id, payment_options: ordered.options.map(toPaymentOption) };
    });
  }

  @Endpoint(commerce.getCheckoutStatus)
  async checkoutStatus(@Input() { params }: CallInput<typeof commerce.getCheckoutStatus>) {
    const me = caller();
    const s = (await this.queries.checkoutSession(params.sessionId)) ?? (await this.queries.startedCheckout(params.sessionId));
    if (!s || (s.user_id !== me.id && !me.admin)) throw notFound('No such checkout session.');
    const sub = s.subscription_id ? await this.queries.subscription(s.subscription_id) : null;
    return {
      sessionId: s.session_id,
      status: s.status,
      mode: s.mode,
      productIds: s.product_ids,
      amountTotalInCents: s.amount_total_in_cents,
      subscription: sub,
      createdAt: new Date(s.created_at).toISOString(),
      completedAt: s.completed_at ? new Date(s.completed_at).toISOString() : null,
    };
  }

  @Endpoint(commerce.quotePurchase)
  async quote(@Input() { body }: CallInput<typeof commerce.quotePurchase>) {
    const me = caller();
    const r: StartPurchaseResult = await this.commands.execute(
      new StartPurchase(me.id, me.email, body.product_ids, body.payment_info, undefined, undefined, true),
    );
    return {
      lines: r.lines,
      creditAvailableInCents: r.creditAvailableInCents,
      creditToSpendInCents: r.plan.creditToSpendInCents,
      cardTotalInCents: r.plan.cardTotalInCents,
    };
  }
}

export { toSubscription };
