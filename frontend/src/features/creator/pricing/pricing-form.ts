/**
 * The pricing screen's rules: prices typed in dollars and sent in cents, the limits the server keeps
 * (APP_PRICING), the body of update-price-options (only the prices set are sent, spec 5), and the
 * plans as members will see them (the yearly one first and preselected, spec 9).
 */
import { APP_PRICING } from '@sparkhouse/contracts/constants';
import { buildPricingUpdate, orderPaymentOptions, type PricingUpdateBody } from '../../payments';
import type { PlanView } from '../../payments';

export type AnnualUnit = 'year' | 'month';

export interface PricingForm {
  /** Dollars as typed ("9.99"); empty: no monthly plan sent. */
  monthly: string;
  annual: string;
  annualUnit: AnnualUnit;
  /** Free trial days for new members (0: none). */
  trialDays: number;
}

export const TRIAL_CHOICES = [0, 3, 7, 14, 30] as const;

export const EMPTY_FORM: PricingForm = { monthly: '', annual: '', annualUnit: 'year', trialDays: 0 };

/** "9.99" or "$1,299" -> cents; '' -> null (not set); anything else -> NaN. */
export function dollarsToCents(text: string): number | null {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (t === '') return null;
  if (!/^\d+(?:\.\d{1,2})?$/.test(t)) return Number.NaN;
  const [whole, cents = ''] = t.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

/** 999 -> "9.99", 1000 -> "10" (how a price is put back into its field). */
export function centsToDollars(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

const dollars = (cents: number) => `$${centsToDollars(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

export interface PricingCheck {
  errors: { monthly?: string; annual?: string; form?: string };
  /** The update-price-options body, when the form is valid. */
  body: (Omit<PricingUpdateBody, 'annualDurationUnit'> & { annualDurationUnit: AnnualUnit; trialDays: number }) | null;
}

function priceProblem(cents: number | null, maxCents: number, what: string): string | undefined {
  if (cents === null) return undefined;
  if (Number.isNaN(cents)) return 'Enter a price in dollars, like 9.99';
  if (cents < APP_PRICING.minCents) return `The lowest ${what} price is ${dollars(APP_PRICING.minCents)}`;
  if (cents > maxCents) return `The highest ${what} price is ${dollars(maxCents)}`;
  return undefined;
}

/** Checks the form the way the server will, and builds the body to send. */
export function checkPricing(appId: string, form: PricingForm): PricingCheck {
  const monthly = dollarsToCents(form.monthly);
  const annual = dollarsToCents(form.annual);
  const errors: PricingCheck['errors'] = {
    monthly: priceProblem(monthly, APP_PRICING.maxMonthlyCents, 'monthly'),
    annual: priceProblem(annual, APP_PRICING.maxAnnualCents, 'annual'),
  };
  if (monthly === null && annual === null) errors.form = 'Set a monthly price, an annual price or both.';
  if (errors.monthly || errors.annual || errors.form) return { errors, body: null };
  return {
    errors: {},
    body: {
      ...buildPricingUpdate({ appId, monthlyPrice: monthly, annualPrice: annual }),
      annualDurationUnit: form.annualUnit,
      trialDays: form.trialDays,
    },
  };
}

/** The form as the app's current plans fill it (the payment options its owner sees). */
export function formFromPlans(plans: readonly PlanView[]): PricingForm {
  const monthly = plans.find((p) => p.durationUnit === 'month' && p.duration === 1);
  const annual = plans.find(
    (p) => (p.durationUnit === 'year' && p.duration === 1) || (p.durationUnit === 'month' && p.duration === 12),
  );
  return {
    monthly: monthly ? centsToDollars(monthly.price) : '',
    annual: annual ? centsToDollars(annual.price) : '',
    annualUnit: annual?.durationUnit === 'month' ? 'month' : 'year',
    trialDays: Math.max(0, ...plans.map((p) => p.trialDays ?? 0)),
  };
}

/** The plans as members will see them, from what is typed: yearly first and preselected. */
export function previewPlans(appName: string, form: PricingForm): { plans: PlanView[]; defaultSelectedId: string | null } {
  const monthly = dollarsToCents(form.monthly);
  const annual = dollarsToCents(form.annual);
  const plans: PlanView[] = [];
  const valid = (c: number | null): c is number => c !== null && Number.isFinite(c) && c > 0;
  if (valid(monthly))
    plans.push({
      id: 'monthly',
      price: monthly,
      currency: 'USD',
      duration: 1,
      durationUnit: 'month',
      monthlyPrice: monthly,
      displayName: 'Monthly',
      description: `${appName}, billed monthly`,
      trialDays: form.trialDays,
    });
  if (valid(annual)) {
    const months = form.annualUnit === 'month';
    plans.push({
      id: 'annual',
      price: annual,
      currency: 'USD',
      duration: months ? 12 : 1,
      durationUnit: months ? 'month' : 'year',
      monthlyPrice: Math.round(annual / 12),
      displayName: 'Annual',
      description: months ? `${appName}, billed every 12 months` : `${appName}, billed once a year`,
      trialDays: form.trialDays,
    });
  }
  const ordered = orderPaymentOptions(plans);
  return { plans: ordered.options, defaultSelectedId: ordered.defaultSelectedId };
}

/** How much the annual plan saves against twelve monthly payments, in whole percent (null: no saving to show). */
export function annualSaving(form: PricingForm): number | null {
  const monthly = dollarsToCents(form.monthly);
  const annual = dollarsToCents(form.annual);
  if (!monthly || !annual || Number.isNaN(monthly) || Number.isNaN(annual)) return null;
  const saving = Math.round((1 - annual / (monthly * 12)) * 100);
  return saving > 0 ? saving : null;
}
