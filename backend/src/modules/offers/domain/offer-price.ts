/**
 * The server's side of the offer rules (spec sections 3 and 4): which price a buyer pays for a product
 * given its offer. The browser decides what to show with the same rules
 * (frontend/src/features/offers/offer-visibility.ts); offer-price.unit.spec.ts runs both on the same
 * cases so they cannot drift apart. A product's priceInCents is its offer price and crossedPriceInCents
 * its full price; a buyer gets the offer price only while the offer is visible to them.
 */

/** After the offer's date changes, it stays hidden this long after the last view: 26 days. */
export const OFFER_COOLDOWN_MS = 22464e5;

export type OfferDateValue = string | number;

/** The offer's terms (spec 3 Offer, without its prices, which are the catalogue's). */
export interface OfferTerms {
  offerKey: string;
  crossedPriceApplicableFrom: OfferDateValue | null;
  specialOnlyVip: boolean;
  shouldNotHideDiscount: boolean;
}

export interface OfferSeen {
  expirationDateSeen?: OfferDateValue | null;
  lastSeenCurrentOffer?: OfferDateValue | null;
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

export function toEpochMs(value: OfferDateValue | Date | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? value.getTime() : null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  if (/^-?\d+$/.test(text)) return Number(text);
  const parsed = Date.parse(text);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * First match wins, as in the browser: no applicable date → full price; VIP-only without p=vip (or a
 * VIP user) → full; the applicable date reached → full; shouldNotHideDiscount → offer; the browser's
 * noPriceOffer → full; the seen record shows a different date seen less than 26 days ago → full
 * (cool-down); otherwise the offer price.
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
  const dateMs = toEpochMs(offer?.crossedPriceApplicableFrom ?? null);
  if (!offer || dateMs === null) return full('no-applicable-date');
  if (offer.specialOnlyVip && ctx.p !== 'vip' && !ctx.isVip) return full('vip-only');
  const now = toEpochMs(ctx.now);
  if (now === null || now >= dateMs) return full('expired');
  if (offer.shouldNotHideDiscount) return deal('forced');
  if (ctx.noPriceOffer) return full('no-price-offer');
  const seenDate = ctx.seen?.expirationDateSeen;
  const lastSeen = toEpochMs(ctx.seen?.lastSeenCurrentOffer ?? null);
  if (seenDate !== null && seenDate !== undefined && seenDate !== '' && lastSeen !== null) {
    const seenMs = toEpochMs(seenDate);
    const same = seenMs !== null ? seenMs === dateMs : String(seenDate) === String(offer.crossedPriceApplicableFrom);
    if (!same && now - lastSeen < OFFER_COOLDOWN_MS) return full('cool-down');
  }
  return deal('offer');
}
