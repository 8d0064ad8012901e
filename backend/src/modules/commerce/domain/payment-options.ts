import { CREATOR_PLATFORM_PLANS, type commerce } from '@sparkhouse/contracts';

type PaymentOptionDto = commerce.PaymentOptionDto;

/** A plan as sold (one Stripe price), as kept in the price-options read model. */
export interface PriceOptionRow {
  id: string;
  appId: string | null;
  priceId: string;
  amountInCents: number;
  currency: string;
  interval: 'month' | 'year';
  intervalCount: number;
  displayName: string;
  description: string;
  features: string[];
  planCategory: string;
  trialDays: number;
  periodCreditInCents: number;
  tierSlug: string | null;
}

/** Months a plan lasts: 1 year = 12 months. */
const months = (o: Pick<PriceOptionRow, 'interval' | 'intervalCount'>) => (o.interval === 'year' ? 12 : 1) * o.intervalCount;

/** Yearly: one year, or 12 months (spec 9). */
export const isYearly = (o: Pick<PriceOptionRow, 'interval' | 'intervalCount'>) => months(o) === 12;

export function toPaymentOption(o: PriceOptionRow): PaymentOptionDto {
  return {
    id: o.id,
    price: o.amountInCents,
    currency: o.currency.toUpperCase(),
    duration: o.intervalCount,
    durationUnit: o.interval,
    monthlyPrice: Math.round(o.amountInCents / months(o)),
    displayName: o.displayName,
    description: o.description,
    features: o.features,
    planCategory: o.planCategory,
    appId: o.appId,
    priceId: o.priceId,
    isRecurring: true,
    paymentProcessor: 'stripe',
    trialDays: o.trialDays,
    periodCreditInCents: o.periodCreditInCents,
    tierSlug: o.tierSlug,
  };
}

/** The first yearly option moves to the front and is preselected; the others keep their order. */
export function orderOptions<T extends Pick<PriceOptionRow, 'id' | 'interval' | 'intervalCount'>>(
  options: readonly T[],
): { options: T[]; defaultSelectedId: string | null } {
  const yearly = options.find(isYearly);
  const ordered = yearly ? [yearly, ...options.filter((o) => o !== yearly)] : [...options];
  return { options: ordered, defaultSelectedId: ordered[0]?.id ?? null };
}

/** Default length of the transformation plan the texts promise (spec 9: 6 weeks). */
export const PROGRAM_LENGTH_WEEKS = 6;

/** The texts around the plans: the promise points at today + the program length, in the caller's zone. */
export function planTexts(appName: string, now: Date, timeZone: string) {
  const target = new Date(now.getTime() + PROGRAM_LENGTH_WEEKS * 7 * 86_400_000);
  let dateText: string;
  try {
    dateText = target.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone });
  } catch {
    dateText = target.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
  }
  return {
    transformation_date: target.toISOString(),
    selectPlanText: `Choose your ${appName} plan`,
    transformationPromiseByDate: `See the change by ${dateText}`,
    transformationBubbleText: `${PROGRAM_LENGTH_WEEKS}-Week Transformation Plan`,
    continuousAnnualPromise: 'Keep growing all year: new lessons every month with the annual plan',
  };
}

/** The platform membership sold on first start (storefront 'sparkhouse', app 'membership'). */
export const MEMBERSHIP = {
  storefrontSlug: 'sparkhouse',
  appSlug: 'membership',
  name: 'Sparkhouse Membership',
  options: [
    {
      id: 'membership-monthly',
      amountInCents: 1999,
      interval: 'month' as const,
      intervalCount: 1,
      displayName: 'Monthly',
      description: 'Every class, billed monthly, with $10 of class credit each month',
      features: ['Unlimited classes', '$10 class credit every month', 'Cancel any time'],
      trialDays: 7,
      periodCreditInCents: 1000,
    },
    {
      id: 'membership-yearly',
      amountInCents: 14999,
      interval: 'year' as const,
      intervalCount: 1,
      displayName: 'Yearly',
      description: 'Every class for a year, with $60 of class credit',
      features: ['Unlimited classes', '$60 class credit each year', 'Save 37% against monthly'],
      trialDays: 7,
      periodCreditInCents: 6000,
    },
  ],
};

/** The creator platform's tiers (storefront 'sparkhouse', app 'creator-platform'). */
export const CREATOR_PLATFORM = {
  ...CREATOR_PLATFORM_PLANS,
  tiers: [
    {
      slug: 'starter',
      displayName: 'Starter',
      description: 'Build and publish your first app',
      features: ['1 published app', 'AI blueprint and landing page', 'Monthly and annual pricing'],
      monthly: 2900,
      yearly: 29000,
    },
    {
      slug: 'pro',
      displayName: 'Pro',
      description: 'For creators running several apps',
      features: ['10 published apps', 'AI images and screenshots', 'Priority builds'],
      monthly: 7900,
      yearly: 79000,
    },
  ],
};

type AppOfPlans = { owner_id: string; published_at: Date | string | null } | null;
type Viewer = { id: string; admin: boolean } | null;

/**
 * Which plans of an app a caller sees and can buy: its owner and admins the draft (as it is being
 * priced in the builder); everyone else the plans as last published, and nothing (null) before the app
 * is published. Platform plans (the membership, the creator platform) have no app row: as defined.
 */
export function plansFor(app: AppOfPlans, who: Viewer): 'draft' | 'live' | null {
  if (!app) return 'draft';
  if (who !== null && (who.admin || who.id === app.owner_id)) return 'draft';
  return app.published_at !== null ? 'live' : null;
}

/** Whether a creator's app has plans on sale to this caller (see plansFor). */
export const plansVisible = (app: AppOfPlans, who: Viewer): boolean => plansFor(app, who) !== null;

/** A plan being defined (its Stripe price is made when it has none). */
export type OptionInput = Omit<PriceOptionRow, 'appId' | 'priceId'> & { priceId?: string };

/** An app's plans from its pricing: a monthly plan and an annual one (one year, or twelve months). */
export function appPlans(
  appName: string,
  pricing: { monthlyPrice?: number; annualPrice?: number; annualDurationUnit: 'year' | 'month' },
): OptionInput[] {
  const base = {
    currency: 'USD',
    features: [] as string[],
    planCategory: 'app',
    trialDays: 0,
    periodCreditInCents: 0,
    tierSlug: null,
  };
  const options: OptionInput[] = [];
  if (pricing.monthlyPrice !== undefined)
    options.push({
      ...base,
      id: 'monthly',
      amountInCents: pricing.monthlyPrice,
      interval: 'month',
      intervalCount: 1,
      displayName: 'Monthly',
      description: `${appName}, billed monthly`,
    });
  if (pricing.annualPrice !== undefined) {
    const months = pricing.annualDurationUnit === 'month';
    options.push({
      ...base,
      id: 'annual',
      amountInCents: pricing.annualPrice,
      interval: months ? 'month' : 'year',
      intervalCount: months ? 12 : 1,
      displayName: 'Annual',
      description: months ? `${appName}, billed every 12 months` : `${appName}, billed once a year`,
    });
  }
  return options;
}

/**
 * The plans a change leaves on sale: with `merge`, the last definition's plans that the change does not
 * replace stay (same id) and new ones are added; the free trial, when given, applies to every plan,
 * otherwise a plan keeps the trial its app's plans had.
 */
export function nextPlans<T extends { id: string; trialDays: number }>(
  last: readonly T[],
  given: readonly T[],
  { merge, trialDays }: { merge: boolean; trialDays?: number | null },
): T[] {
  const byId = new Map(given.map((o) => [o.id, o]));
  const wanted = merge
    ? [...last.map((o) => byId.get(o.id) ?? o), ...given.filter((o) => !last.some((l) => l.id === o.id))]
    : [...given];
  if (trialDays !== undefined && trialDays !== null) return wanted.map((o) => ({ ...o, trialDays }));
  if (!merge || last.length === 0) return wanted;
  const kept = last[0].trialDays;
  return wanted.map((o) => (byId.has(o.id) ? { ...o, trialDays: last.find((l) => l.id === o.id)?.trialDays ?? kept } : o));
}
