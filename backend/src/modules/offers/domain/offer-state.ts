import type { StoredEvent } from '@sparkhouse/contracts';
import { isEventOf } from '@sparkhouse/contracts';
import type { OfferTerms } from './offer-price';

/** A product's offer as its stream tells it: its current terms, or none (never set, or removed). */
export interface OfferState {
  productId: string;
  terms: OfferTerms | null;
}

/** Folds an offer stream's facts onto a state (null: nothing yet). */
export function foldOffer(events: readonly StoredEvent[], state: OfferState | null): OfferState | null {
  let s = state;
  for (const e of events) {
    if (isEventOf(e, 'ProductOfferSet')) {
      const { productId, ...terms } = e.payload;
      s = { productId, terms };
    } else if (isEventOf(e, 'ProductOfferRemoved')) {
      s = { productId: e.payload.productId, terms: null };
    }
  }
  return s;
}
