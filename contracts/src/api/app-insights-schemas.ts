// What the creator's Insights answer (issue 29); the calls are in app-insights.ts.
import { z } from 'zod';

/** How many days back the report covers (today included). */
export const INSIGHTS_RANGES = [7, 30, 90, 365] as const;
export const insightsDaysField = z.coerce
  .number({ error: 'days must be one of 7, 30, 90, 365' })
  .int('days must be one of 7, 30, 90, 365')
  .refine((d) => (INSIGHTS_RANGES as readonly number[]).includes(d), 'days must be one of 7, 30, 90, 365')
  .optional();

/** The funnel's steps, in order. */
export const FUNNEL_STEPS = ['visitors', 'started', 'completed', 'planReady', 'accounts', 'trials', 'paid'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

const count = z.number().int().nonnegative();
const funnelCounts = z.object({
  visitors: count,
  started: count,
  completed: count,
  planReady: count,
  accounts: count,
  trials: count,
  paid: count,
});

export const insightsDaySchema = funnelCounts.extend({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  /** Landing page views (a visitor may view it more than once). */
  views: count,
  churned: count,
  /** Money collected that day (paid invoices), in cents. */
  revenueInCents: count,
  /** Members who checked in that day (their own calendar day). */
  checkIns: count,
});

export const insightsPageSchema = z.object({
  pageId: z.string(),
  /** Visitors who reached the page. */
  reached: count,
  /** Visitors whose onboarding stopped on it (reached, never went further nor completed). */
  stopped: count,
  /** stopped / reached (0..1). */
  dropOff: z.number(),
});

export const insightsCohortSchema = z.object({
  /** The Monday (YYYY-MM-DD) of the week the cohort's members signed up (started their subscription). */
  week: z.string(),
  members: count,
  /** Share (0..1) of the cohort who checked in during week 0, 1, 2… after signing up (weeks not yet over are left out). */
  retention: z.array(z.number()),
});

export const appInsightsSchema = z.object({
  appId: z.string(),
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** The funnel over the range (each step counted on the day a visitor reached it). */
  funnel: funnelCounts.extend({ views: count }),
  byDay: z.array(insightsDaySchema),
  pages: z.array(insightsPageSchema),
  members: z.object({
    /** Active, trialing or past due now. */
    current: count,
    trialing: count,
    paying: count,
    /** Trials that became paid, of all trials started. */
    conversions: count,
    trialsStarted: count,
    conversionRate: z.number(),
    /** Subscriptions canceled, ever and in the range; churnRate: canceled in the range / members at its start plus those who joined in it. */
    churned: count,
    churnedInRange: count,
    churnRate: z.number(),
  }),
  checkIns: z.object({
    /** Check-ins of current members in the last 7 days / (current members × 7). */
    rate7d: z.number(),
    inRange: count,
    cohorts: z.array(insightsCohortSchema),
  }),
  revenue: z.object({
    /** Monthly recurring revenue now, in cents: monthly plans as they are, annual plans / 12. */
    mrrInCents: count,
    monthlyPlansInCents: count,
    annualPlansNormalisedInCents: count,
    collectedInRangeInCents: count,
    currency: z.string(),
  }),
});
export type AppInsights = z.infer<typeof appInsightsSchema>;
