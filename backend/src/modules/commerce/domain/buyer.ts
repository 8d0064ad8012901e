import { isFactOf, OfferSeenRecorded, VipStatusChanged, type Fact, type OfferSeen } from '@sparkhouse/contracts';

/** What deciding a buyer's price needs of them: VIP or not, and which offers they have seen when. */
export interface BuyerFacts {
  isVip: boolean;
  offersSeen: Record<string, OfferSeen>;
}

/**
 * The buyer as their own `user-<userId>` stream tells it (the users area's facts, read from the log, not
 * from a read model that may trail): a last-seen offer date recorded a moment ago counts at once.
 */
export function foldBuyer(stream: readonly Fact[]): BuyerFacts {
  const vip: Record<string, boolean> = {};
  const offersSeen: Record<string, OfferSeen> = {};
  for (const e of stream) {
    if (isFactOf(e, VipStatusChanged.type)) {
      vip[e.payload.product] = e.payload.isVip;
    } else if (isFactOf(e, OfferSeenRecorded.type)) {
      const p = e.payload;
      offersSeen[p.offerKey] = { expirationDateSeen: p.expirationDateSeen, lastSeenCurrentOffer: p.lastSeenCurrentOffer };
    }
  }
  return { isVip: Object.values(vip).some(Boolean), offersSeen };
}
