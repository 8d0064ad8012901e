/** The offers module's public surface: the module, its commands and queries. */
export { OffersModule } from './offers.module';
export { OfferQueries } from './queries/offer-terms.query';
export { SetProductOffer } from './commands/set-product-offer.command';
export { RemoveProductOffer } from './commands/remove-product-offer.command';
