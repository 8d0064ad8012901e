import type { StreamModel } from '../../../platform/events/event-store';
import { foldOffer, type OfferState } from '../domain/offer-state';

/** Stream ids of the offers' facts (contracts/events/offers.ts). */
export const offerStream = (productId: string) => `offer-${productId}`;

/** A product's offer as its stream folds it, kept as a snapshot beside the stream. */
export const offerModel: StreamModel<OfferState> = {
  name: 'offers.offer@1',
  fold: (state, events) => foldOffer(events, state),
};
