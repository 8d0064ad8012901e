import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { isEventOf, PriceOptionsDefined, type DomainEvent, type EventPayload } from '@sparkhouse/contracts';
import { EventStore, type StreamModel } from '../../../platform/events/event-store';
import { nextPlans } from '../domain/payment-options';
import { providerFailed, StripeSupport } from '../infra/stripe-support';
import { streams } from '../infra/streams';

type Definition = EventPayload<typeof PriceOptionsDefined>;

/** A price-options stream is its definitions; the last one is what a change builds on. */
const lastDefinition: StreamModel<Definition> = {
  name: 'commerce.last-price-definition@1',
  fold: (last, events) =>
    events.filter((e): e is DomainEvent<'PriceOptionsDefined'> => isEventOf(e, PriceOptionsDefined.type)).at(-1)?.payload ?? last,
};

type OptionInput = Omit<EventPayload<typeof PriceOptionsDefined>['options'][number], 'priceId'> & { priceId?: string };

/**
 * Put plans on sale for an app (or the membership, or the creator platform): the Stripe product is
 * created once per app, a Stripe price for each option that has none yet (prices never change in
 * Stripe: a new amount is a new price), then the whole set is recorded.
 */
export class DefinePriceOptions {
  constructor(
    readonly storefrontSlug: string,
    readonly appSlug: string,
    readonly appId: string | null,
    readonly name: string,
    readonly stripeProductId: string | null,
    readonly options: readonly OptionInput[],
    readonly definedBy: string,
    /** Keep the options of the last definition that `options` does not replace (same id). */
    readonly merge = false,
    /** A free trial for every option (null: each keeps the trial it had). */
    readonly trialDays: number | null = null,
  ) {}
}

@CommandHandler(DefinePriceOptions)
export class DefinePriceOptionsHandler implements ICommandHandler<DefinePriceOptions, EventPayload<typeof PriceOptionsDefined>> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly stripeSupport: StripeSupport,
  ) {}

  async execute(c: DefinePriceOptions) {
    const key = `${c.storefrontSlug}-${c.appSlug}`;
    // the last definition from the stream itself (the read model may lag a change made a moment ago)
    const last =
      (await this.events.load(this.orm.em.fork(), streams.priceOptions(c.storefrontSlug, c.appSlug), lastDefinition)).state ??
      undefined;
    const wanted: OptionInput[] = nextPlans<OptionInput>(last?.options ?? [], c.options, {
      merge: c.merge,
      trialDays: c.trialDays,
    });
    let payload: EventPayload<typeof PriceOptionsDefined>;
    try {
      const stripe = await this.stripeSupport.stripe();
      const productId =
        c.stripeProductId ??
        last?.stripeProductId ??
        (
          await stripe.products.create(
            {
              name: c.name.slice(0, 250),
              metadata: { storefrontSlug: c.storefrontSlug, appSlug: c.appSlug, appId: c.appId ?? '' },
            },
            { idempotencyKey: `sparkhouse-plan-product-${key}` },
          )
        ).id;
      const options = [];
      for (const o of wanted) {
        const priceId =
          o.priceId ??
          (
            await stripe.prices.create(
              {
                product: productId,
                unit_amount: o.amountInCents,
                currency: o.currency.toLowerCase(),
                recurring: { interval: o.interval, interval_count: o.intervalCount },
                metadata: { optionId: o.id },
              },
              { idempotencyKey: `sparkhouse-plan-price-${key}-${o.id}-${o.amountInCents}-${o.interval}-${o.intervalCount}` },
            )
          ).id;
        options.push({ ...o, priceId });
      }
      payload = {
        storefrontSlug: c.storefrontSlug,
        appSlug: c.appSlug,
        appId: c.appId,
        stripeProductId: productId,
        options,
        definedBy: c.definedBy,
      };
    } catch {
      throw providerFailed('Failed to update pricing');
    }
    await this.orm.em
      .fork()
      .transactional((tem) =>
        this.events.append(tem, streams.priceOptions(c.storefrontSlug, c.appSlug), [{ type: PriceOptionsDefined.type, payload }]),
      );
    return payload;
  }
}
