import { isFactOf, PurchaseCompleted, PurchaseRefunded, type Fact, type NewEvent, type PayloadOf } from '@sparkhouse/contracts';
import { conflict } from '../../../platform/http/errors';

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

/** What a `purchase-<userId>-<productId>` stream says: the purchases owned now, and every purchase id it knows. */
export interface PurchasesState {
  owned: Set<string>;
  known: Set<string>;
}

export function foldPurchases(stream: readonly Fact[], from?: PurchasesState | null): PurchasesState {
  const state: PurchasesState = { owned: new Set(from?.owned), known: new Set(from?.known) };
  for (const e of stream) {
    if (isFactOf(e, PurchaseCompleted.type)) {
      state.owned.add(e.payload.purchaseId);
      state.known.add(e.payload.purchaseId);
    } else if (isFactOf(e, PurchaseRefunded.type)) {
      state.owned.delete(e.payload.purchaseId);
      state.known.add(e.payload.purchaseId);
    }
  }
  return state;
}

/** Ownership from a purchase stream's facts: a completed purchase not refunded. */
export function ownedPurchaseIds(stream: readonly Fact[]): Set<string> {
  return foldPurchases(stream).owned;
}

export type PurchaseCompletion = PayloadOf<'PurchaseCompleted'>;

/**
 * A product granted at once (free, or paid with credit): nothing when the buyer owns it already, and a
 * refusal when credit would pay for what they bought meanwhile (nothing is charged).
 */
export function grantPurchase(state: PurchasesState | null, purchase: PurchaseCompletion): NewEvent[] {
  if (state && state.owned.size > 0) {
    if (purchase.source === 'credit') throw conflict('You bought this meanwhile; nothing was charged.');
    return [];
  }
  return [{ type: PurchaseCompleted.type, payload: purchase }];
}

/** A purchase paid at checkout, recorded once (a redelivered webhook finds its id and adds nothing). */
export function completePurchase(state: PurchasesState | null, purchase: PurchaseCompletion): NewEvent[] {
  return state?.known.has(purchase.purchaseId) ? [] : [{ type: PurchaseCompleted.type, payload: purchase }];
}

/** A refunded payment: its purchase stops being owned (once). */
export function refundPurchase(state: PurchasesState | null, refund: PayloadOf<'PurchaseRefunded'>): NewEvent[] {
  return state?.owned.has(refund.purchaseId) ? [{ type: PurchaseRefunded.type, payload: refund }] : [];
}
