import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { offers } from '@sparkhouse/contracts';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { RemoveProductOffer } from '../commands/remove-product-offer.command';
import { SetProductOffer } from '../commands/set-product-offer.command';
import { OfferQueries } from '../queries/offer-terms.query';

@Controller()
export class OffersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: OfferQueries,
  ) {}

  @Endpoint(offers.getProductOffers)
  async productOffers(@Input() { query }: CallInput<typeof offers.getProductOffers>) {
    return { offers: await this.queries.productOffers(query.product_ids) };
  }

  @Endpoint(offers.setProductOffer)
  async set(@Input() { params, body }: CallInput<typeof offers.setProductOffer>) {
    const offer = await this.commands.execute(
      new SetProductOffer(
        params.productId,
        body.offerKey,
        body.crossedPriceApplicableFrom,
        body.specialOnlyVip,
        body.shouldNotHideDiscount,
      ),
    );
    return { offer };
  }

  @Endpoint(offers.removeProductOffer)
  async remove(@Input() { params }: CallInput<typeof offers.removeProductOffer>) {
    return { removed: await this.commands.execute(new RemoveProductOffer(params.productId)) };
  }
}
