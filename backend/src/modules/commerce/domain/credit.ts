import { CreditGranted, CreditSpent, isFactOf, type Fact, type NewEvent } from '@sparkhouse/contracts';
import { conflict } from '../../../platform/http/errors';

export interface CreditState {
  balanceInCents: number;
  grantIds: Set<string>;
  spendIds: Set<string>;
}

/** The monthly credit from the user's credit stream: grants (one per paid period) minus spends. */
export function foldCredit(stream: readonly Fact[], from?: CreditState | null): CreditState {
  const state: CreditState = {
    balanceInCents: from?.balanceInCents ?? 0,
    grantIds: new Set(from?.grantIds),
    spendIds: new Set(from?.spendIds),
  };
  for (const e of stream) {
    if (isFactOf(e, CreditGranted.type)) {
      state.balanceInCents += e.payload.amountInCents;
      state.grantIds.add(e.payload.grantId);
    } else if (isFactOf(e, CreditSpent.type)) {
      state.balanceInCents -= e.payload.amountInCents;
      state.spendIds.add(e.payload.spendId);
    }
  }
  return state;
}

/** Spend credit on products: refused when the balance no longer covers it (a concurrent spend). */
export function spendCredit(
  state: CreditState | null,
  spend: { userId: string; spendId: string; amountInCents: number; productIds: readonly string[] },
): NewEvent[] {
  if ((state?.balanceInCents ?? 0) < spend.amountInCents) throw conflict('Your credit changed meanwhile; please try again.');
  return [
    {
      type: CreditSpent.type,
      payload: {
        userId: spend.userId,
        spendId: spend.spendId,
        amountInCents: spend.amountInCents,
        productIds: [...spend.productIds],
      },
    },
  ];
}

/** A paid period's credit, granted once per invoice (the grant id). */
export function grantCredit(
  state: CreditState | null,
  grant: { userId: string; grantId: string; amountInCents: number; subscriptionId: string | null; reason: string },
): NewEvent[] {
  if (state?.grantIds.has(grant.grantId)) return [];
  return [{ type: CreditGranted.type, payload: { ...grant } }];
}

/** Dollars for /getMonthlyCreditForUser (cents / 100; the client multiplies back). */
export const centsToDollars = (cents: number): number => Math.max(0, cents) / 100;
