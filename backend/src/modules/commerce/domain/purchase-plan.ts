/**
 * How a basket is settled (spec section 7, /purchase and /purchaseItems): products already owned are
 * skipped, free ones are granted at once, monthly credit pays first (whole items only: an item the
 * remaining credit cannot cover goes to the card), and the rest is sold through one checkout session.
 */
export interface PlannedProduct {
  productId: string;
  title: string;
  /** What this buyer pays after the offer check (cents). */
  priceInCents: number;
  fullPriceInCents: number;
  offerApplied: boolean;
}

export type Settlement = 'owned' | 'free' | 'credit' | 'card';

export interface PlanLine extends PlannedProduct {
  settlement: Settlement;
}

export interface PurchasePlan {
  lines: PlanLine[];
  creditToSpendInCents: number;
  cardTotalInCents: number;
}

export function planPurchase(
  products: readonly PlannedProduct[],
  owned: ReadonlySet<string>,
  creditInCents: number,
): PurchasePlan {
  let credit = Math.max(0, Math.floor(creditInCents));
  let creditToSpendInCents = 0;
  let cardTotalInCents = 0;
  const seen = new Set<string>();
  const lines: PlanLine[] = [];
  for (const p of products) {
    if (seen.has(p.productId)) continue;
    seen.add(p.productId);
    let settlement: Settlement;
    if (owned.has(p.productId)) settlement = 'owned';
    else if (p.priceInCents === 0) settlement = 'free';
    else if (p.priceInCents <= credit) {
      settlement = 'credit';
      credit -= p.priceInCents;
      creditToSpendInCents += p.priceInCents;
    } else {
      settlement = 'card';
      cardTotalInCents += p.priceInCents;
    }
    lines.push({ ...p, settlement });
  }
  return { lines, creditToSpendInCents, cardTotalInCents };
}

/** Ownership from a purchase stream's facts: a completed purchase not refunded. */
export function ownedPurchaseIds(stream: readonly { type: string; payload: unknown }[]): Set<string> {
  const owned = new Set<string>();
  for (const e of stream) {
    const id = (e.payload as { purchaseId?: string }).purchaseId;
    if (!id) continue;
    if (e.type === 'PurchaseCompleted') owned.add(id);
    if (e.type === 'PurchaseRefunded') owned.delete(id);
  }
  return owned;
}
