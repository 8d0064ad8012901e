import { CreditGranted, CreditSpent, type EventPayload } from '@sparkhouse/contracts';

export interface CreditState {
  balanceInCents: number;
  grantIds: Set<string>;
  spendIds: Set<string>;
}

/** The monthly credit from the user's credit stream: grants (one per paid period) minus spends. */
export function foldCredit(stream: readonly { type: string; payload: unknown }[]): CreditState {
  const state: CreditState = { balanceInCents: 0, grantIds: new Set(), spendIds: new Set() };
  for (const e of stream) {
    if (e.type === CreditGranted.type) {
      const p = e.payload as EventPayload<typeof CreditGranted>;
      state.balanceInCents += p.amountInCents;
      state.grantIds.add(p.grantId);
    } else if (e.type === CreditSpent.type) {
      const p = e.payload as EventPayload<typeof CreditSpent>;
      state.balanceInCents -= p.amountInCents;
      state.spendIds.add(p.spendId);
    }
  }
  return state;
}

/** Dollars for /getMonthlyCreditForUser (cents / 100; the client multiplies back). */
export const centsToDollars = (cents: number): number => Math.max(0, cents) / 100;
