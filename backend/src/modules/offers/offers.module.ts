import { Module } from '@nestjs/common';
import { subscriberProviders } from '../../platform/events/define-projection';
import { CatalogueModule } from '../catalogue';
import { RemoveProductOfferHandler } from './commands/remove-product-offer.command';
import { SetProductOfferHandler } from './commands/set-product-offer.command';
import { OffersController } from './http/offers.controller';
import { offerTermsProjection } from './projections/offer-terms.projection';
import { OfferQueries } from './queries/offer-terms.query';

/**
 * Offers: the terms of product offers (spec 3 Offer) and the one rule deciding the price a buyer pays
 * (domain/offer-price.ts, the same rules as the browser's offer visibility).
 */
@Module({
  imports: [CatalogueModule],
  controllers: [OffersController],
  providers: [...subscriberProviders(offerTermsProjection), OfferQueries, SetProductOfferHandler, RemoveProductOfferHandler],
  exports: [OfferQueries],
})
export class OffersModule {}
