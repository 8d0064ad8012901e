/**
 * The server's side of the offer rules (spec sections 3 and 4): which price a buyer pays for a product
 * given its offer. Whether the offer is visible is decided by the one pure rule in the contracts
 * (decideOfferVisibility, shared with the browser), so the price charged is the price shown. This
 * wrapper only supplies the server's context: the `p` sent in payment_info (a VIP user counts as p=vip),
 * the user record's offersSeenInfo instead of cookies, and the browser's noPriceOffer flag. A product's
 * priceInCents is its offer price and crossedPriceInCents its full price.
 */
import { decideOfferVisibility, type OfferDateValue, type OfferSeen } from '@sparkhouse/contracts';

export { OFFER_COOLDOWN_MS } from '@sparkhouse/contracts';

/** The offer's terms (spec 3 Offer, without its prices, which are the catalogue's). */
export interface OfferTerms {
  offerKey: string;
  crossedPriceApplicableFrom: OfferDateValue | null;
  specialOnlyVip: boolean;
  shouldNotHideDiscount: boolean;
}

export interface BuyerOfferContext {
  now: number | Date;
  /** The `p` param sent in payment_info (p=vip reaches VIP-only offers). */
  p?: string | null;
  /** A VIP user reaches VIP-only offers without p=vip. */
  isVip: boolean;
  /** The browser's noPriceOffer flag: it hid the offer by the cool-down, so the buyer saw the full price. */
  noPriceOffer: boolean;
  /** What the user record says the buyer last saw of this offer (offersSeenInfo[offerKey]). */
  seen?: OfferSeen | null;
}

export type OfferPriceReason =
  'no-offer' | 'no-applicable-date' | 'vip-only' | 'expired' | 'forced' | 'no-price-offer' | 'cool-down' | 'offer';

export interface BuyerPrice {
  priceInCents: number;
  fullPriceInCents: number;
  offerApplied: boolean;
  reason: OfferPriceReason;
}

/**
 * The shared rule decides; on top of it the browser's noPriceOffer flag means the buyer was shown the
 * full price (only shouldNotHideDiscount overrides it, as it overrides the cool-down).
 */
export function priceForBuyer(
  priceInfo: { priceInCents: number; crossedPriceInCents: number | null },
  offer: OfferTerms | null,
  ctx: BuyerOfferContext,
): BuyerPrice {
  const offerPrice = priceInfo.priceInCents;
  const crossed = priceInfo.crossedPriceInCents;
  // no crossed price above the price: there is no discount to decide about
  if (crossed === null || crossed <= offerPrice) {
    return { priceInCents: offerPrice, fullPriceInCents: offerPrice, offerApplied: false, reason: 'no-offer' };
  }
  const full = (reason: OfferPriceReason): BuyerPrice => ({
    priceInCents: crossed,
    fullPriceInCents: crossed,
    offerApplied: false,
    reason,
  });
  const deal = (reason: OfferPriceReason): BuyerPrice => ({
    priceInCents: offerPrice,
    fullPriceInCents: crossed,
    offerApplied: true,
    reason,
  });
  if (!offer) return full('no-applicable-date');
  const decision = decideOfferVisibility({
    offer,
    now: ctx.now,
    queryP: ctx.isVip ? 'vip' : (ctx.p ?? null),
    seen: ctx.seen ?? {},
  });
  switch (decision.reason) {
    case 'no-applicable-date':
    case 'vip-only':
    case 'expired':
      return full(decision.reason);
    case 'forced':
      return deal('forced');
    default:
      if (ctx.noPriceOffer) return full('no-price-offer');
      return decision.visible ? deal('offer') : full('cool-down');
  }
}
