import { z } from 'zod';
import { defineEvent } from './envelope';

/*
 * Facts of commerce. Streams: `cart-<userId>`, `checkout-<sessionId>`, `subscription-<subscriptionId>`,
 * `credit-<userId>`, `customer-<userId>`, `price-options-<storefrontSlug>-<appSlug>`. Purchases themselves are the catalogue's
 * PurchaseCompleted / PurchaseRefunded (stream `purchase-<userId>-<productId>`), appended by commerce.
 */

export const CartUpdated = defineEvent(
  'CartUpdated',
  1,
  z.object({ userId: z.string(), productIds: z.array(z.string()), offerValid: z.boolean().nullable(), updatedAt: z.string() }),
);

const priceOption = z.object({
  id: z.string(),
  priceId: z.string(),
  amountInCents: z.number().int().nonnegative(),
  currency: z.string(),
  interval: z.enum(['month', 'year']),
  intervalCount: z.number().int().positive(),
  displayName: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  planCategory: z.string(),
  trialDays: z.number().int().nonnegative(),
  periodCreditInCents: z.number().int().nonnegative(),
  tierSlug: z.string().nullable(),
});

/**
 * The plans sold for an app (or the platform membership, or the creator platform) — all of them after
 * the change; options not listed are no longer sold. Stripe product and price ids are carried.
 */
export const PriceOptionsDefined = defineEvent(
  'PriceOptionsDefined',
  1,
  z.object({
    storefrontSlug: z.string(),
    appSlug: z.string(),
    appId: z.string().nullable(),
    stripeProductId: z.string(),
    options: z.array(priceOption),
    definedBy: z.string(),
  }),
);

const attribution = z.record(z.string(), z.string());

export const CheckoutSessionStarted = defineEvent(
  'CheckoutSessionStarted',
  1,
  z.object({
    sessionId: z.string(),
    userId: z.string(),
    mode: z.enum(['payment', 'subscription']),
    /** Payment mode: the products sold, with the price each buyer pays. */
    lines: z.array(z.object({ productId: z.string(), priceInCents: z.number().int().nonnegative() })),
    amountTotalInCents: z.number().int().nonnegative(),
    currency: z.string(),
    /** Subscription mode: the plan. */
    storefrontSlug: z.string().nullable(),
    appSlug: z.string().nullable(),
    priceOptionId: z.string().nullable(),
    attribution,
    discountCode: z.string().nullable(),
  }),
);

export const CheckoutSessionCompleted = defineEvent(
  'CheckoutSessionCompleted',
  1,
  z.object({
    sessionId: z.string(),
    userId: z.string(),
    mode: z.enum(['payment', 'subscription']),
    productIds: z.array(z.string()),
    subscriptionId: z.string().nullable(),
    paymentIntentId: z.string().nullable(),
    customerId: z.string().nullable(),
    amountTotalInCents: z.number().int().nonnegative(),
  }),
);

export const CheckoutSessionExpired = defineEvent(
  'CheckoutSessionExpired',
  1,
  z.object({ sessionId: z.string(), userId: z.string() }),
);

const subscriptionStatus = z.string();

/** Which plan of which app a subscription is to (its fact and every answer about it say it the same way). */
export const subscriptionPlanFields = {
  storefrontSlug: z.string(),
  appSlug: z.string(),
  appId: z.string().nullable(),
  priceOptionId: z.string(),
  planDisplayName: z.string(),
  tierSlug: z.string().nullable(),
};

export const SubscriptionStarted = defineEvent(
  'SubscriptionStarted',
  1,
  z.object({
    subscriptionId: z.string(),
    userId: z.string(),
    customerId: z.string(),
    ...subscriptionPlanFields,
    status: subscriptionStatus,
    trialEnd: z.string().nullable(),
    currentPeriodEnd: z.string().nullable(),
    startedAt: z.string(),
  }),
);

/** A paid period began (first paid invoice or a renewal); `periodEnd` is when the next one is due. */
export const SubscriptionRenewed = defineEvent(
  'SubscriptionRenewed',
  1,
  z.object({
    subscriptionId: z.string(),
    userId: z.string(),
    invoiceId: z.string(),
    amountPaidInCents: z.number().int().nonnegative(),
    periodStart: z.string(),
    periodEnd: z.string(),
  }),
);

export const SubscriptionTrialEnded = defineEvent(
  'SubscriptionTrialEnded',
  1,
  z.object({ subscriptionId: z.string(), userId: z.string(), status: subscriptionStatus, endedAt: z.string() }),
);

/** Any other status move (past_due, unpaid, paused ...), with the provider's time of the change. */
export const SubscriptionStatusChanged = defineEvent(
  'SubscriptionStatusChanged',
  1,
  z.object({
    subscriptionId: z.string(),
    userId: z.string(),
    status: subscriptionStatus,
    currentPeriodEnd: z.string().nullable(),
    trialEnd: z.string().nullable(),
    /** Set to end when the current period does (absent in events recorded before it was tracked). */
    cancelAtPeriodEnd: z.boolean().optional(),
  }),
);

/** The user's customer at the payment provider was created (once per user). Stream `customer-<userId>`. */
export const StripeCustomerCreated = defineEvent(
  'StripeCustomerCreated',
  1,
  z.object({ userId: z.string(), customerId: z.string() }),
);

export const SubscriptionCanceled = defineEvent(
  'SubscriptionCanceled',
  1,
  z.object({ subscriptionId: z.string(), userId: z.string(), canceledAt: z.string() }),
);

export const CreditGranted = defineEvent(
  'CreditGranted',
  1,
  z.object({
    userId: z.string(),
    /** One grant per paid period: the invoice id. */
    grantId: z.string(),
    amountInCents: z.number().int().positive(),
    subscriptionId: z.string().nullable(),
    reason: z.string(),
  }),
);

export const CreditSpent = defineEvent(
  'CreditSpent',
  1,
  z.object({
    userId: z.string(),
    spendId: z.string(),
    amountInCents: z.number().int().positive(),
    productIds: z.array(z.string()),
  }),
);

export const commerceEvents = [
  CartUpdated,
  PriceOptionsDefined,
  CheckoutSessionStarted,
  CheckoutSessionCompleted,
  CheckoutSessionExpired,
  SubscriptionStarted,
  SubscriptionRenewed,
  SubscriptionTrialEnded,
  SubscriptionStatusChanged,
  SubscriptionCanceled,
  StripeCustomerCreated,
  CreditGranted,
  CreditSpent,
] as const;
