import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { ProductOfferRemoved, ProductOfferSet, type commerce } from '@sparkhouse/contracts';
import { ProductBrowseQueries } from '../../catalogue';
import { EventStore } from '../../../platform/events/event-store';
import { notFound } from '../../../platform/http/errors';

import { offerStream } from '../infra/streams';

export class SetProductOffer {
  constructor(
    readonly productId: string,
    readonly offerKey: string,
    readonly crossedPriceApplicableFrom: string | null,
    readonly specialOnlyVip: boolean,
    readonly shouldNotHideDiscount: boolean,
  ) {}
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
    const payload = {
      productId: c.productId,
      offerKey: c.offerKey,
      crossedPriceApplicableFrom: c.crossedPriceApplicableFrom ? new Date(c.crossedPriceApplicableFrom).toISOString() : null,
      specialOnlyVip: c.specialOnlyVip,
      shouldNotHideDiscount: c.shouldNotHideDiscount,
    };
    await this.orm.em
      .fork()
      .transactional((tem) => this.events.append(tem, offerStream(c.productId), [{ type: ProductOfferSet.type, payload }]));
    return {
      ...payload,
      price: product.priceInfo.priceInCents,
      crossedPrice: product.priceInfo.crossedPriceInCents ?? product.priceInfo.priceInCents,
    };
  }
}

export class RemoveProductOffer {
  constructor(readonly productId: string) {}
}

@CommandHandler(RemoveProductOffer)
export class RemoveProductOfferHandler implements ICommandHandler<RemoveProductOffer, boolean> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ productId }: RemoveProductOffer): Promise<boolean> {
    const appended = await this.orm.em.fork().transactional((tem) =>
      this.events.appendIf(tem, offerStream(productId), (stream) => {
        const last = stream.at(-1);
        if (!last || last.type === ProductOfferRemoved.type) return null;
        return [{ type: ProductOfferRemoved.type, payload: { productId } }];
      }),
    );
    return appended !== null;
  }
}
