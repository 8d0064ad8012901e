/**
 * Payment option rules (spec sections 3, 5, 7, 8, 9): order and preselection, price display
 * from cents, the pricing-update body and monthly credit in cents. The subscription status rule
 * already lives in features/user; it is re-exported here, not duplicated.
 */
import { formatCents } from '../format';

export { hasActiveOrTrialSubscription, hasActiveSubscription } from '../user';

export interface PaymentOption {
  id: string;
  /** Cents. */
  price: number;
  currency?: string | null;
  duration?: number | null;
  durationUnit?: string | null;
  /** Cents. */
  monthlyPrice?: number | null;
  displayName?: string;
  description?: string;
  features?: string[];
  planCategory?: string;
  appId?: string | null;
  priceId?: string;
  isRecurring?: boolean;
  paymentProcessor?: string;
}

export const DEFAULT_CURRENCY = 'USD';

/** Yearly: unit year (one of them) or 12 months. A 2-year plan is not "yearly". */
export function isYearlyOption(option: Pick<PaymentOption, 'duration' | 'durationUnit'>): boolean {
  const unit = (option.durationUnit ?? '').trim().toLowerCase();
  const duration = option.duration ?? 1;
  if (['year', 'years', 'yearly', 'annual', 'annually'].includes(unit)) return duration === 1;
  if (['month', 'months', 'monthly'].includes(unit)) return option.duration === 12;
  return false;
}

export interface OrderedPaymentOptions<T extends PaymentOption> {
  options: T[];
  defaultSelectedId: string | null;
}

/**
 * The first yearly option moves to the front and is preselected; the rest keep their order.
 * Without one, the server's defaultSelectedId is honoured when it names an option, else the
 * first option is preselected.
 */
export function orderPaymentOptions<T extends PaymentOption>(
  options: readonly T[],
  serverDefaultSelectedId?: string | null,
): OrderedPaymentOptions<T> {
  const yearlyAt = options.findIndex(isYearlyOption);
  if (yearlyAt >= 0) {
    const yearly = options[yearlyAt];
    return { options: [yearly, ...options.filter((_, i) => i !== yearlyAt)], defaultSelectedId: yearly.id };
  }
  const named = serverDefaultSelectedId != null && options.some((o) => o.id === serverDefaultSelectedId);
  return { options: [...options], defaultSelectedId: named ? serverDefaultSelectedId : (options[0]?.id ?? null) };
}

/** Cents to currency units, for display and for the analytics revenue value. */
export const centsToAmount = (cents: number): number => cents / 100;

/**
 * Display a price in cents. USD goes through the catalogue's formatter so prices read the same
 * everywhere; other currencies use Intl with the same "no .00 when whole" rule.
 */
export function formatPriceCents(
  cents: number,
  currency: string | null | undefined = DEFAULT_CURRENCY,
  locale = 'en-US',
): string {
  const code = (currency || DEFAULT_CURRENCY).trim().toUpperCase();
  if (!Number.isFinite(cents)) return '';
  if (code === DEFAULT_CURRENCY && locale === 'en-US') return formatCents(cents);
  const amount = centsToAmount(cents);
  try {
    const whole = Number.isInteger(amount) ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {};
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code, ...whole }).format(amount);
  } catch {
    // An unknown currency code makes Intl throw; show the number and the code rather than nothing.
    return `${amount.toFixed(2)} ${code}`;
  }
}

export const formatOptionPrice = (option: Pick<PaymentOption, 'price' | 'currency'>, locale?: string) =>
  formatPriceCents(option.price, option.currency, locale);

export interface PricingUpdateInput {
  appId: string;
  monthlyPrice?: number | null;
  annualPrice?: number | null;
  annualDurationUnit?: string | null;
}

export interface PricingUpdateBody {
  appId: string;
  monthlyPrice?: number;
  annualPrice?: number;
  annualDurationUnit?: string;
}

const isPrice = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Body of POST /payments/update-price-options: prices only when defined, so none is reset by omission. */
export function buildPricingUpdate(input: PricingUpdateInput): PricingUpdateBody {
  return {
    appId: input.appId,
    ...(isPrice(input.monthlyPrice) ? { monthlyPrice: input.monthlyPrice } : {}),
    ...(isPrice(input.annualPrice) ? { annualPrice: input.annualPrice } : {}),
    ...(input.annualDurationUnit ? { annualDurationUnit: input.annualDurationUnit } : {}),
  };
}

/** GET /getMonthlyCreditForUser answers monthlyCreditInfo.monthlyCredit in dollars; cents = x100. */
export function monthlyCreditCents(response: unknown): number {
  const info = (response as { monthlyCreditInfo?: { monthlyCredit?: unknown } } | null | undefined)?.monthlyCreditInfo;
  const raw = info?.monthlyCredit;
  const dollars = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof dollars !== 'number' || !Number.isFinite(dollars) || dollars <= 0) return 0;
  // Round: 19.99 * 100 is 1998.9999999999998 in floating point.
  return Math.round(dollars * 100);
}

/** Fetch failures are logged and count as zero credit (spec section 8). */
export async function loadMonthlyCreditCents(
  fetchCredit: () => Promise<unknown>,
  log: (message: string, error: unknown) => void = () => undefined,
): Promise<number> {
  try {
    return monthlyCreditCents(await fetchCredit());
  } catch (error) {
    log('Monthly credit fetch failed; treating it as zero', error);
    return 0;
  }
}
