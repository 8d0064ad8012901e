import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { ProductOfferSet, type commerce, type NewEvent } from '@sparkhouse/contracts';
import { ProductBrowseQueries } from '../../catalogue';
import { EventStore } from '../../../platform/events/event-store';
import { notFound } from '../../../platform/http/errors';
import type { OfferState } from '../domain/offer-state';
import { offerModel, offerStream } from '../infra/streams';

/** Set (or replace) a product's offer terms (spec 3 Offer); its prices stay the catalogue's. */
export class SetProductOffer {
  constructor(
    readonly productId: string,
    readonly offerKey: string,
    readonly crossedPriceApplicableFrom: string | null,
    readonly specialOnlyVip: boolean,
    readonly shouldNotHideDiscount: boolean,
  ) {}
}

/** The terms as given, their date normalised to ISO-8601: a set offer replaces whatever was set before. */
export function decide(_state: OfferState | null, c: SetProductOffer): NewEvent<typeof ProductOfferSet>[] {
  return [
    {
      type: ProductOfferSet.type,
      payload: {
        productId: c.productId,
        offerKey: c.offerKey,
        crossedPriceApplicableFrom: c.crossedPriceApplicableFrom ? new Date(c.crossedPriceApplicableFrom).toISOString() : null,
        specialOnlyVip: c.specialOnlyVip,
        shouldNotHideDiscount: c.shouldNotHideDiscount,
      },
    },
  ];
}

@CommandHandler(SetProductOffer)
export class SetProductOfferHandler implements ICommandHandler<SetProductOffer, commerce.ProductOffer> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly products: ProductBrowseQueries,
  ) {}

  async execute(c: SetProductOffer): Promise<commerce.ProductOffer> {
    const product = await this.products.byId(c.productId);
    if (!product) throw notFound('No such product.');
    let decided: NewEvent<typeof ProductOfferSet>[] = [];
    await this.orm.em
      .fork()
      .transactional((tem) =>
        this.events.decide(tem, offerStream(c.productId), offerModel, (state) => (decided = decide(state, c))),
      );
    const [{ payload }] = decided;
    return {
      ...payload,
      price: product.priceInfo.priceInCents,
      crossedPrice: product.priceInfo.crossedPriceInCents ?? product.priceInfo.priceInCents,
    };
  }
}
