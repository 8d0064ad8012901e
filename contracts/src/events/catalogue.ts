import { z } from 'zod';
import { defineEvent } from './envelope';

/*
 * Facts of the catalogue. Streams: `product-<id>`, `collection-<slug>`, `enrolment-<userId>-<productId>`,
 * `waitlist-<productId>-<email>`, `progress-<userId>-<productId>`, `purchase-<userId>-<productId>`.
 * PurchaseCompleted / PurchaseRefunded will be appended by the commerce module; until then the
 * catalogue's admin grant appends PurchaseCompleted at price 0.
 */

const content = z.object({ contentId: z.string(), title: z.string(), durationSeconds: z.number().int().nonnegative() });

const productFields = {
  title: z.string(),
  creator: z.object({ id: z.string(), name: z.string() }),
  description: z.string(),
  category: z.string(),
  topics: z.array(z.string()),
  genres: z.array(z.string()),
  priceInfo: z.object({
    priceInCents: z.number().int().nonnegative(),
    currency: z.string(),
    crossedPriceInCents: z.number().int().nonnegative().nullable(),
  }),
  rating: z.number().min(0).max(5),
  ratingCount: z.number().int().nonnegative(),
  releaseDate: z.string(),
  media: z.object({ coverUrl: z.string(), videoUrl: z.string(), contents: z.array(content) }),
};

export const ProductPublished = defineEvent(
  'ProductPublished',
  1,
  z.object({ productId: z.string(), classSlug: z.string(), storefrontSlug: z.string(), ...productFields }),
);

/** Only the changed fields are carried. */
export const ProductUpdated = defineEvent(
  'ProductUpdated',
  1,
  z.object({ productId: z.string(), changes: z.object(productFields).partial() }),
);

const collectionFields = {
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  coverUrl: z.string(),
  productIds: z.array(z.string()),
};

export const CollectionCreated = defineEvent(
  'CollectionCreated',
  1,
  z.object({ ...collectionFields, programType: z.enum(['collection', 'series', 'challenge']) }),
);

/** A school is a collection of programType 'school' (left out of the collection list). */
export const SchoolCreated = defineEvent('SchoolCreated', 1, z.object(collectionFields));

export const ClassEnrolled = defineEvent(
  'ClassEnrolled',
  1,
  z.object({
    userId: z.string(),
    productId: z.string(),
    classSlug: z.string(),
    classStartDate: z.string(),
    classEndDate: z.string(),
  }),
);

export const JoinedWaitlist = defineEvent(
  'JoinedWaitlist',
  1,
  z.object({
    email: z.string(),
    productId: z.string(),
    classSlug: z.string(),
    userId: z.string().nullable(),
    firstName: z.string().nullable(),
    source: z.string().nullable(),
  }),
);

/** One progress save; secondsWatched and position are the totals after it. */
export const ProductProgressRecorded = defineEvent(
  'ProductProgressRecorded',
  1,
  z.object({
    userId: z.string(),
    productId: z.string(),
    contentId: z.string(),
    percentComplete: z.number().min(0).max(100),
    additionalSecondsWatched: z.number().nonnegative(),
    positionInSeconds: z.number().nonnegative(),
  }),
);

export const PurchaseCompleted = defineEvent(
  'PurchaseCompleted',
  1,
  z.object({
    purchaseId: z.string(),
    userId: z.string(),
    productId: z.string(),
    priceInCents: z.number().int().nonnegative(),
    currency: z.string(),
    /** 'grant' for admin grants; commerce: 'stripe' (card checkout), 'credit' (monthly credit), 'free'. */
    source: z.string(),
    /** Commerce purchases: the checkout session and the payment info sent at purchase (spec 3). */
    checkoutSessionId: z.string().nullable().optional(),
    attribution: z.record(z.string(), z.string()).optional(),
    discountCode: z.string().nullable().optional(),
  }),
);

export const PurchaseRefunded = defineEvent(
  'PurchaseRefunded',
  1,
  z.object({ purchaseId: z.string(), userId: z.string(), productId: z.string(), reason: z.string().nullable() }),
);

export const catalogueEvents = [
  ProductPublished,
  ProductUpdated,
  CollectionCreated,
  SchoolCreated,
  ClassEnrolled,
  JoinedWaitlist,
  ProductProgressRecorded,
  PurchaseCompleted,
  PurchaseRefunded,
] as const;
