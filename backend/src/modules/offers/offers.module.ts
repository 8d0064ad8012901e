import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue';
import { RemoveProductOfferHandler, SetProductOfferHandler } from './commands/offer.commands';
import { OffersController } from './http/offers.controller';
import { OffersProjection } from './projections/offers.projection';
import { OfferQueries } from './queries/offer.queries';

/**
 * Offers: the terms of product offers (spec 3 Offer) and the one rule deciding the price a buyer pays
 * (domain/offer-price.ts, the same rules as the browser's offer visibility).
 */
@Module({
  imports: [CatalogueModule],
  controllers: [OffersController],
  providers: [OffersProjection, OfferQueries, SetProductOfferHandler, RemoveProductOfferHandler],
  exports: [OfferQueries],
})
export class OffersModule {}
