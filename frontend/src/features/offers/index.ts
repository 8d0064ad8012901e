export { OfferPrice, PriceLabel } from './OfferPrice';
export { useOfferVisibility, useOfferStates, recordOfferDecision, type OfferState } from './useOfferVisibility';
export { priceView, type PriceView, type PriceInfoLike } from './offer-price';
export { offerKeys, productOfferQuery, createOfferLoader, type ProductOffer } from './offer-loader';
