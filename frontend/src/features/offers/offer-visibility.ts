/**
 * The offer rules of spec section 4 live once, as a pure function, in the contracts package
 * (contracts/src/offer-visibility.ts, unit-tested there); the server prices checkouts with the same
 * function. The browser side only adds the I/O around it: seen cookies (offer-seen.ts), the account
 * save and the noPriceOffer flag (useOfferVisibility.ts).
 */
export {
  decideOfferVisibility,
  nextNoPriceOffer,
  OFFER_COOLDOWN_MS,
  toEpochMs,
  type OfferDateValue,
  type OfferSeen,
  type OfferSeenRecord,
  type OfferVisibility,
  type OfferVisibilityInput,
  type OfferVisibilityReason,
  type OfferVisibilityTerms,
} from '@sparkhouse/contracts/offer-visibility';
