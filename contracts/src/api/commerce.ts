// The payments and subscriptions calls of spec section 7, and the cart, purchase and credit calls
// (Catalogue, cart, progress). Envelope style for /payments/* and /subscription, legacy for the rest.
// Only calls are exported from this file: api/index.ts lists every export as a call.
import { z } from 'zod';
import { defineCall } from '../http';
import { APP_PRICING } from '../constants';
import {
  cardDataSchema,
  cartSchema,
  checkoutSessionStartedSchema,
  checkoutStatusSchema,
  commerceIdField,
  commerceSlugField,
  paymentInfoSchema,
  paymentOptionSchema,
  paymentOptionsResponseSchema,
  purchaseResultSchema,
  returnUrlField,
  subscriptionIdField,
  subscriptionRenewalSchema,
  subscriptionSummarySchema,
  userSubscriptionSchema,
  productOfferSchema,
} from './commerce-schemas';

const metadataField = z
  .record(z.string().max(40), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 20, 'can hold at most 20 keys')
  .default({});

export const getPaymentOptions = defineCall({
  id: 'getPaymentOptions',
  module: 'commerce',
  method: 'GET',
  path: '/payments/payment-options/:storefrontSlug/:appSlug',
  access: 'public',
  style: 'envelope',
  summary:
    "An app's (or the platform membership's: sparkhouse/membership) plans, yearly first and preselected, prices in cents. " +
    "Unknown app: 404 'Failed to fetch payment options'.",
  params: z.object({ storefrontSlug: commerceSlugField, appSlug: commerceSlugField }),
  query: z.object({ user_id: z.string().trim().max(128).optional() }),
  response: paymentOptionsResponseSchema,
});

export const getCreatorPlatformPaymentOptions = defineCall({
  id: 'getCreatorPlatformPaymentOptions',
  module: 'commerce',
  method: 'GET',
  path: '/payments/creator-platform/payment-options',
  access: 'public',
  style: 'envelope',
  summary: 'The creator platform tiers (starter, pro), monthly and yearly each, yearly first. Prices in cents.',
  response: z.object({
    payment_options: z.array(paymentOptionSchema),
    tiers: z.array(
      z.object({ slug: z.string(), displayName: z.string(), description: z.string(), features: z.array(z.string()) }),
    ),
    prices_in_cents: z.literal(true),
    defaultSelectedId: z.string().nullable(),
  }),
});

export const createCheckoutSession = defineCall({
  id: 'createCheckoutSession',
  module: 'commerce',
  method: 'POST',
  path: '/payments/create-checkout-session',
  access: 'user',
  style: 'envelope',
  summary:
    "Start a subscription checkout for a plan of an app (trial where the plan has one). userId must be the caller's. " +
    "Failure: 'Failed to create checkout session'.",
  body: z.object({
    userId: z.string().trim().min(1, 'is required').max(128),
    storefrontSlug: commerceSlugField,
    appSlug: commerceSlugField,
    priceOptionId: commerceIdField,
    successUrl: returnUrlField,
    cancelUrl: returnUrlField,
    metadata: metadataField,
  }),
  response: checkoutSessionStartedSchema,
});

export const createCreatorPlatformCheckoutSession = defineCall({
  id: 'createCreatorPlatformCheckoutSession',
  module: 'commerce',
  method: 'POST',
  path: '/payments/creator-platform/create-checkout-session',
  access: 'user',
  style: 'envelope',
  summary: "Start a subscription checkout for a creator-platform tier. Failure: 'Failed to create checkout session'.",
  body: z.object({
    price_option_id: commerceIdField,
    success_url: returnUrlField,
    cancel_url: returnUrlField,
    tier_slug: commerceSlugField,
  }),
  response: checkoutSessionStartedSchema,
});

export const getUserSubscriptions = defineCall({
  id: 'getUserSubscriptions',
  module: 'commerce',
  method: 'GET',
  path: '/payments/subscriptions',
  access: 'user',
  style: 'envelope',
  summary:
    "The caller's subscriptions, newest first; asUserEmail / asUserId look at another user's (admins only, others 403). " +
    "Failure: 'Failed to fetch subscription status'.",
  query: z.object({
    asUserEmail: z.string().trim().max(254).optional(),
    asUserId: z.string().trim().max(128).optional(),
  }),
  response: z.object({
    subscriptions: z.array(userSubscriptionSchema),
    hasActiveSubscription: z.boolean(),
    hasActiveOrTrialSubscription: z.boolean(),
  }),
});

export const getSubscription = defineCall({
  id: 'getSubscription',
  module: 'commerce',
  method: 'GET',
  path: '/subscription',
  access: 'user',
  style: 'envelope',
  summary: "The caller's platform membership: status ('none' if never subscribed), trial days left, trial expired.",
  response: subscriptionSummarySchema,
});

export const cancelSubscription = defineCall({
  id: 'cancelSubscription',
  module: 'commerce',
  method: 'POST',
  path: '/payments/subscriptions/:subscriptionId/cancel',
  access: 'user',
  style: 'envelope',
  summary:
    'The subscriber cancels their active or trialing subscription at period end: it keeps access until the period (or trial) ends, ' +
    "then ends instead of renewing. Repeating it changes nothing. Not the caller's (or unknown): 404 'No such subscription.'; " +
    "already ended: 409. Provider failure: 502 'Failed to cancel subscription'.",
  params: z.object({ subscriptionId: subscriptionIdField }),
  response: subscriptionRenewalSchema,
});

export const resumeSubscription = defineCall({
  id: 'resumeSubscription',
  module: 'commerce',
  method: 'POST',
  path: '/payments/subscriptions/:subscriptionId/resume',
  access: 'user',
  style: 'envelope',
  summary:
    'The subscriber undoes a cancel at period end before the period ends: the subscription renews again. Repeating it changes ' +
    "nothing. Not the caller's (or unknown): 404 'No such subscription.'; already ended: 409. Provider failure: 502 " +
    "'Failed to resume subscription'.",
  params: z.object({ subscriptionId: subscriptionIdField }),
  response: subscriptionRenewalSchema,
});

export const updatePriceOptions = defineCall({
  id: 'updatePriceOptions',
  module: 'commerce',
  method: 'POST',
  path: '/payments/update-price-options',
  access: 'user',
  style: 'envelope',
  summary:
    "Set an app's monthly and/or annual price (cents) and free trial: creates the Stripe product and prices; only the prices " +
    'sent change. They go live when the app is next published (visitors see the published pricing; its owner the draft). ' +
    "Only the app's owner or an admin. Failure: 'Failed to update pricing'.",
  body: z
    .object({
      appId: commerceIdField,
      monthlyPrice: z
        .number({ message: 'must be a number' })
        .int('must be whole cents')
        .min(APP_PRICING.minCents, `must be at least ${APP_PRICING.minCents}`)
        .max(APP_PRICING.maxMonthlyCents, `must be at most ${APP_PRICING.maxMonthlyCents}`)
        .optional(),
      annualPrice: z
        .number({ message: 'must be a number' })
        .int('must be whole cents')
        .min(APP_PRICING.minCents, `must be at least ${APP_PRICING.minCents}`)
        .max(APP_PRICING.maxAnnualCents, `must be at most ${APP_PRICING.maxAnnualCents}`)
        .optional(),
      /** 'year': the annual option is 1 year; 'month': it is 12 months. */
      annualDurationUnit: z.enum(['year', 'month'], { message: "must be 'year' or 'month'" }).default('year'),
      /** Free trial days for new members on every plan of the app (0: none); omitted: as it was. */
      trialDays: z
        .number({ message: 'must be a number' })
        .int('must be whole days')
        .min(0, 'must be 0 or more')
        .max(APP_PRICING.maxTrialDays, `must be at most ${APP_PRICING.maxTrialDays}`)
        .optional(),
    })
    .refine((b) => b.monthlyPrice !== undefined || b.annualPrice !== undefined, {
      message: 'monthlyPrice or annualPrice is required',
      path: ['monthlyPrice'],
    }),
  response: z.object({ success: z.literal(true), appId: z.string(), payment_options: z.array(paymentOptionSchema) }),
});

export const getCheckoutStatus = defineCall({
  id: 'getCheckoutStatus',
  module: 'commerce',
  method: 'GET',
  path: '/payments/checkout-sessions/:sessionId',
  access: 'user',
  style: 'envelope',
  summary:
    "State of one of the caller's checkout sessions for the success and cancel pages (pending until the webhook lands). " +
    'A `commerce:checkout-updated` push follows every change.',
  params: z.object({ sessionId: commerceIdField }),
  response: checkoutStatusSchema,
});

export const getCardData = defineCall({
  id: 'getCardData',
  module: 'commerce',
  method: 'POST',
  path: '/getCardData',
  access: 'user',
  style: 'legacy',
  summary: "The caller's saved card (brand, last 4 digits, expiry) from the payment provider, or null.",
  response: z.object({ cardData: cardDataSchema.nullable() }),
});

export const purchase = defineCall({
  id: 'purchase',
  module: 'commerce',
  method: 'POST',
  path: '/purchase',
  readsOwnWrites: true,
  access: 'user',
  style: 'legacy',
  summary:
    'Buy one product: owned is skipped, free is granted at once, monthly credit is spent first, the rest goes to a ' +
    'checkout session (url). The price is re-checked against the offer rules.',
  body: z.object({
    payment_info: paymentInfoSchema,
    product_id: commerceIdField,
    success_url: returnUrlField.optional(),
    cancel_url: returnUrlField.optional(),
  }),
  response: purchaseResultSchema,
});

export const purchaseItems = defineCall({
  id: 'purchaseItems',
  module: 'commerce',
  method: 'POST',
  path: '/purchaseItems',
  readsOwnWrites: true,
  access: 'user',
  style: 'legacy',
  summary: 'Buy several products at once, same rules as /purchase (one checkout session for the card part).',
  body: z.object({
    payment_info: paymentInfoSchema,
    product_ids: z.array(commerceIdField).min(1, 'must name at least one product').max(50, 'can hold at most 50 products'),
    success_url: returnUrlField.optional(),
    cancel_url: returnUrlField.optional(),
  }),
  response: purchaseResultSchema,
});

export const quotePurchase = defineCall({
  id: 'quotePurchase',
  module: 'commerce',
  method: 'POST',
  path: '/payments/quote',
  readsOwnWrites: true,
  access: 'user',
  style: 'envelope',
  summary:
    'What /purchaseItems would do now (price per product after the offer check, owned, free, credit, card), changing nothing.',
  body: z.object({
    payment_info: paymentInfoSchema,
    product_ids: z.array(commerceIdField).min(1, 'must name at least one product').max(50, 'can hold at most 50 products'),
  }),
  response: z.object({
    lines: purchaseResultSchema.shape.lines,
    creditAvailableInCents: z.number().int().nonnegative(),
    creditToSpendInCents: z.number().int().nonnegative(),
    cardTotalInCents: z.number().int().nonnegative(),
  }),
});

export const getMonthlyCreditForUser = defineCall({
  id: 'getMonthlyCreditForUser',
  module: 'commerce',
  method: 'GET',
  path: '/getMonthlyCreditForUser',
  access: 'user',
  style: 'legacy',
  summary: "The caller's unspent monthly credit in dollars (cents = x100).",
  response: z.object({ monthlyCreditInfo: z.object({ monthlyCredit: z.number().nonnegative() }) }),
});

export const updateCart = defineCall({
  id: 'updateCart',
  module: 'commerce',
  method: 'POST',
  path: '/updateCart',
  access: 'user',
  style: 'legacy',
  summary: "Save the caller's cart (catalogue product ids, in order; unknown ids: 400) and whether the offer was valid.",
  body: z.object({
    product_ids: z.array(commerceIdField).max(100, 'can hold at most 100 products'),
    offer_valid: z.boolean({ message: 'must be true or false' }).nullish(),
  }),
  response: z.object({ cart: cartSchema }),
});

export const getCart = defineCall({
  id: 'getCart',
  module: 'commerce',
  method: 'GET',
  path: '/getCart',
  access: 'user',
  style: 'legacy',
  summary: "The caller's saved cart: items with title, creator and price from the catalogue; lastUpdated null when never saved.",
  response: z.object({ cart: cartSchema }),
});

export type PaymentOptionDto = z.output<typeof paymentOptionSchema>;
export type PaymentOptionsResponse = z.output<typeof paymentOptionsResponseSchema>;
export type UserSubscription = z.output<typeof userSubscriptionSchema>;
export type SubscriptionRenewal = z.output<typeof subscriptionRenewalSchema>;
export type SubscriptionSummary = z.output<typeof subscriptionSummarySchema>;
export type PurchaseResult = z.output<typeof purchaseResultSchema>;
export type ServerCart = z.output<typeof cartSchema>;
export type CheckoutStatus = z.output<typeof checkoutStatusSchema>;
export type CardData = z.output<typeof cardDataSchema>;
export type PaymentInfo = z.input<typeof paymentInfoSchema>;
export type ProductOffer = z.output<typeof productOfferSchema>;
