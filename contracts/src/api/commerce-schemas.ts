// Schemas of the commerce and offers calls (api/commerce.ts): payment options, subscriptions, checkout,
// cart, purchases, credit and offers. Not listed in api/index.ts: only calls are.
import { z } from 'zod';
import { subscriptionPlanFields } from '../events/commerce';

export const commerceIdField = z.string().trim().min(1, 'is required').max(100, 'is too long');
export const commerceSlugField = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(200, 'is too long')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes');

/**
 * A return address after checkout: an absolute http(s) URL on an allowed origin, or a path on the
 * product (`/checkout/success?session_id={CHECKOUT_SESSION_ID}`). The server refuses other origins.
 */
export const returnUrlField = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2000, 'is too long')
  .refine((v) => v.startsWith('/') || /^https?:\/\//i.test(v), 'must be a path or an http(s) address');

/** Payment option of spec section 3. Prices are in cents. */
export const paymentOptionSchema = z.object({
  id: z.string(),
  /** Cents, for the whole duration. */
  price: z.number().int().nonnegative(),
  currency: z.string().default('USD'),
  duration: z.number().int().positive(),
  /** 'month' or 'year' (a 12-month option is yearly too). */
  durationUnit: z.string(),
  /** Cents per month (the yearly price divided by its months). */
  monthlyPrice: z.number().int().nonnegative(),
  displayName: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  /** 'membership', 'app', or a creator-platform tier slug ('starter', 'pro'). */
  planCategory: z.string(),
  appId: z.string().nullable(),
  /** The payment provider's price id (Stripe `price_…`). */
  priceId: z.string(),
  isRecurring: z.boolean(),
  paymentProcessor: z.literal('stripe'),
  /** Free trial days of a subscription started with this option; 0 when none. */
  trialDays: z.number().int().nonnegative(),
  /** Credit in cents granted each paid period of this plan (0 when none). */
  periodCreditInCents: z.number().int().nonnegative(),
  /** Creator-platform options only: the tier they belong to. */
  tierSlug: z.string().nullable(),
});

export const paymentOptionsResponseSchema = z.object({
  /** The yearly (or 12-month) option first; the rest in their order. */
  payment_options: z.array(paymentOptionSchema),
  /** ISO date the transformation promise points at (today + the plan's program length), or null. */
  transformation_date: z.string().nullable(),
  selectPlanText: z.string(),
  transformationPromiseByDate: z.string(),
  transformationBubbleText: z.string(),
  continuousAnnualPromise: z.string(),
  /** Always true: every price of this answer is in cents. */
  prices_in_cents: z.literal(true),
  /** The preselected option (the yearly one when there is one); null when there are no options. */
  defaultSelectedId: z.string().nullable(),
});

export const subscriptionStatusSchema = z.enum([
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'canceled',
  'paused',
]);

export const userSubscriptionSchema = z.object({
  subscriptionId: z.string(),
  status: subscriptionStatusSchema,
  ...subscriptionPlanFields,
  /** Whole days left in the trial (0 when not trialing). */
  trialDaysRemaining: z.number().int().nonnegative(),
  isTrialExpired: z.boolean(),
  trialEnd: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  startedAt: z.string(),
  canceledAt: z.string().nullable(),
});

/** A subscription's renewal as the member set it (cancel at period end / resume). */
export const subscriptionRenewalSchema = z.object({
  subscriptionId: z.string(),
  status: subscriptionStatusSchema,
  /** True: it ends when the current period (or the trial) does instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  trialEnd: z.string().nullable(),
});

/** A Stripe subscription id (sub_...). */
export const subscriptionIdField = z
  .string()
  .trim()
  .regex(/^sub_[A-Za-z0-9]{1,96}$/, 'must be a subscription id (sub_...)');

/** GET /subscription (spec 3 Subscription). status 'none' when the user never subscribed. */
export const subscriptionSummarySchema = z.object({
  status: z.union([subscriptionStatusSchema, z.literal('none')]),
  trialDaysRemaining: z.number().int().nonnegative(),
  isTrialExpired: z.boolean(),
});

export const checkoutSessionStartedSchema = z.object({
  /** The hosted checkout page to send the browser to. */
  url: z.string(),
  sessionId: z.string(),
});

/** Payment info sent at purchase (spec 3): attribution, discount code and the offer flags. */
export const paymentInfoSchema = z
  .object({
    sessionSlug: z.string().trim().max(200).nullish(),
    schoolSlug: z.string().trim().max(200).nullish(),
    utm_campaign: z.string().trim().max(200).nullish(),
    utm_content: z.string().trim().max(200).nullish(),
    utm_medium: z.string().trim().max(200).nullish(),
    utm_source: z.string().trim().max(200).nullish(),
    utm_term: z.string().trim().max(200).nullish(),
    referrer: z.string().trim().max(500).nullish(),
    discountCode: z.string().trim().max(100).nullish(),
    friend: z.string().trim().max(200).nullish(),
    /** The browser's noPriceOffer flag: the offer was hidden by the cool-down, so full price. */
    noPriceOffer: z
      .union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })
      .nullish()
      .transform((v) => v === true || v === 'true'),
    /** The `p` campaign param; `vip` reaches VIP-only offers. */
    p: z.string().trim().max(100).nullish(),
  })
  .default({ noPriceOffer: false });

/** A line of a purchase plan: what the buyer pays for one product and how. */
export const purchaseLineSchema = z.object({
  productId: z.string(),
  title: z.string(),
  /** What this buyer pays (cents) after the offer check. */
  priceInCents: z.number().int().nonnegative(),
  /** The full price (the crossed price when the product has one). */
  fullPriceInCents: z.number().int().nonnegative(),
  offerApplied: z.boolean(),
  /** owned: skipped; free: granted at once; credit: paid with monthly credit; card: goes to checkout. */
  settlement: z.enum(['owned', 'free', 'credit', 'card']),
});

export const purchaseResultSchema = z.object({
  /** True when nothing is left to pay by card: everything is owned now. */
  completed: z.boolean(),
  /** Hosted checkout page for the card part; null when completed. */
  url: z.string().nullable(),
  sessionId: z.string().nullable(),
  /** Products granted by this call (free ones and those paid with credit). */
  purchasedProductIds: z.array(z.string()),
  /** Products skipped because the buyer already owns them. */
  alreadyOwnedProductIds: z.array(z.string()),
  /** Products that the checkout session sells. */
  checkoutProductIds: z.array(z.string()),
  creditSpentInCents: z.number().int().nonnegative(),
  lines: z.array(purchaseLineSchema),
});

/** A cart item (spec 3) as the server knows it from the catalogue. */
export const cartItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  creatorName: z.string(),
  priceInfo: z.object({
    priceInCents: z.number().int().nonnegative(),
    currency: z.string(),
    crossedPriceInCents: z.number().int().nonnegative().nullable(),
  }),
  subscriptionSlug: z.string().nullable(),
});

export const cartSchema = z.object({
  productsInCart: z.array(cartItemSchema),
  /** ISO date-time of the last save; null when never saved. */
  lastUpdated: z.string().nullable(),
  /** The offer_valid flag of the last save (null when never said). */
  offerValid: z.boolean().nullable(),
});

export const checkoutStatusSchema = z.object({
  sessionId: z.string(),
  /** pending: not paid yet (or the webhook has not landed); completed: purchases/subscription recorded. */
  status: z.enum(['pending', 'completed', 'failed', 'expired']),
  mode: z.enum(['payment', 'subscription']),
  productIds: z.array(z.string()),
  amountTotalInCents: z.number().int().nonnegative(),
  subscription: userSubscriptionSchema.nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});

export const cardDataSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});

/** Offer of spec section 3, keyed by product; prices in cents (price: offer price, crossedPrice: full price). */
export const productOfferSchema = z.object({
  productId: z.string(),
  /** Names the offer's cookies (`<offerKey>ExpirationDateSeen`) and its offersSeenInfo entry. */
  offerKey: z.string(),
  crossedPriceApplicableFrom: z.string().nullable(),
  specialOnlyVip: z.boolean(),
  shouldNotHideDiscount: z.boolean(),
  price: z.number().int().nonnegative(),
  crossedPrice: z.number().int().nonnegative(),
});

export const productOfferInput = z.object({
  offerKey: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(60, 'is too long')
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'must be letters, digits and underscores (it names cookies)'),
  crossedPriceApplicableFrom: z.iso.datetime({ message: 'must be an ISO date-time' }).nullable(),
  specialOnlyVip: z.boolean().default(false),
  shouldNotHideDiscount: z.boolean().default(false),
});
