/**
 * What a price shows once the offer rules have spoken: the offer price with the full price crossed
 * out while the offer is visible, otherwise the full price alone (the buyer pays it then, and the
 * server charges the same: spec section 4, commerce quote and purchase calls).
 */
export interface PriceInfoLike {
  priceInCents: number;
  crossedPriceInCents?: number | null;
}

export interface PriceView {
  /** What the buyer pays. */
  payCents: number;
  /** Shown struck through; null when there is nothing to cross out. */
  crossedCents: number | null;
}

export function priceView(priceInfo: PriceInfoLike, offerVisible: boolean): PriceView {
  const { priceInCents, crossedPriceInCents } = priceInfo;
  const hasCrossed = typeof crossedPriceInCents === 'number' && crossedPriceInCents > priceInCents;
  if (!hasCrossed) return { payCents: priceInCents, crossedCents: null };
  return offerVisible
    ? { payCents: priceInCents, crossedCents: crossedPriceInCents }
    : { payCents: crossedPriceInCents, crossedCents: null };
}
