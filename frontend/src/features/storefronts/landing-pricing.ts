import type { AppLanding } from './storefronts.queries';

export type PlanPeriod = 'annual' | 'monthly';

export interface LandingPlan {
  period: PlanPeriod;
  /** "$79.99 / year" */
  price: string;
  /** "$6.67 / month, billed yearly" or null. */
  detail: string | null;
  /** Percent saved against twelve monthly payments (0 when none). */
  savesPercent: number;
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency || 'USD',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);

/**
 * The plans a landing page offers, annual first (it is preselected): what each costs, and what the
 * annual one saves against paying monthly. Empty when the app sells no plan.
 */
export function landingPlans(pricing: AppLanding['pricing']): LandingPlan[] {
  if (!pricing) return [];
  const plans: LandingPlan[] = [];
  const { monthlyPrice, annualPrice, currency } = pricing;
  if (annualPrice !== null) {
    const perMonth = Math.round(annualPrice / 12);
    const full = monthlyPrice !== null ? monthlyPrice * 12 : 0;
    plans.push({
      period: 'annual',
      price: `${money(annualPrice, currency)} / year`,
      detail: `${money(perMonth, currency)} / month, billed yearly`,
      savesPercent: full > annualPrice ? Math.round(((full - annualPrice) / full) * 100) : 0,
    });
  }
  if (monthlyPrice !== null) {
    plans.push({ period: 'monthly', price: `${money(monthlyPrice, currency)} / month`, detail: null, savesPercent: 0 });
  }
  return plans;
}

/** The call to action's words: the trial when there is one. */
export function ctaLabel(pricing: AppLanding['pricing'], heroCta: string | undefined): string {
  if (pricing && pricing.trialDays > 0) return `Start my ${pricing.trialDays}-day free trial`;
  return heroCta?.trim() || 'Get started';
}
