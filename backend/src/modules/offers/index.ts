/** The offers module's public surface. */
export { OffersModule } from './offers.module';
export { OfferQueries } from './queries/offer.queries';
export { OffersProjection } from './projections/offers.projection';
export { priceForBuyer, OFFER_COOLDOWN_MS, type OfferTerms, type BuyerOfferContext, type BuyerPrice } from './domain/offer-price';
