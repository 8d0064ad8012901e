import type { EventPayload, PriceOptionsDefined } from '@sparkhouse/contracts';

/**
 * An app's pricing as a document of the studio, compared draft against live like the others: the
 * monthly and annual prices in cents, whether the annual plan is one year or twelve months, the free
 * trial. Taken from the plans commerce put on sale (PriceOptionsDefined).
 */
export interface AppPricing {
  monthlyPrice: number | null;
  annualPrice: number | null;
  annualDurationUnit: 'year' | 'month' | null;
  trialDays: number;
  currency: string;
}

type Option = EventPayload<typeof PriceOptionsDefined>['options'][number];

const months = (o: Pick<Option, 'interval' | 'intervalCount'>) => (o.interval === 'year' ? 12 : 1) * o.intervalCount;

/** The pricing a set of plans makes, or null when there is none. */
export function pricingOf(options: readonly Option[]): AppPricing | null {
  const monthly = options.find((o) => months(o) === 1);
  const annual = options.find((o) => months(o) === 12);
  if (!monthly && !annual) return null;
  return {
    monthlyPrice: monthly?.amountInCents ?? null,
    annualPrice: annual?.amountInCents ?? null,
    annualDurationUnit: annual ? (annual.interval === 'year' ? 'year' : 'month') : null,
    trialDays: Math.max(0, ...options.map((o) => o.trialDays)),
    currency: (monthly ?? annual)!.currency.toUpperCase(),
  };
}
