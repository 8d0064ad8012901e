// Schemas of the catalogue calls (api/catalogue.ts): products, collections, purchases, progress,
// enrolments, home content, and the admin inputs. Not listed in api/index.ts: only calls are.
import { z } from 'zod';
import { queryBoolean, queryLimit } from '../http';

export const idField = z.string().trim().min(1, 'is required').max(100, 'is too long');
export const slugField = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(200, 'is too long')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes');

/** A comma-separated list in the query string (`topics=jazz,piano`): trimmed, de-duplicated, at most 20. */
export const queryList = z
  .string()
  .max(1000, 'is too long')
  .transform((v) => [
    ...new Set(
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .refine((v) => v.length <= 20, 'can hold at most 20 values');

/** Free-text search is capped at 200 characters: longer text answers 400. */
export const searchField = z.string().trim().max(200, 'must be at most 200 characters');

export const priceInfoSchema = z.object({
  priceInCents: z.number().int().nonnegative(),
  currency: z.string(),
  crossedPriceInCents: z.number().int().nonnegative().nullable(),
});

export const creatorSchema = z.object({ id: z.string(), name: z.string() });

export const contentSchema = z.object({
  contentId: z.string(),
  title: z.string(),
  durationSeconds: z.number().int().nonnegative(),
});

/** A product (class) as listed: everything of the Product of spec 3 but the content list. */
export const productCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  classSlug: z.string(),
  storefrontSlug: z.string(),
  creator: creatorSchema,
  description: z.string(),
  category: z.string(),
  topics: z.array(z.string()),
  genres: z.array(z.string()),
  priceInfo: priceInfoSchema,
  rating: z.number().min(0).max(5),
  ratingCount: z.number().int().nonnegative(),
  /** ISO date-time. */
  releaseDate: z.string(),
  /** Completed purchases not refunded: the popularity order. */
  purchaseCount: z.number().int().nonnegative(),
  media: z.object({ coverUrl: z.string(), videoUrl: z.string(), durationSeconds: z.number().int().nonnegative() }),
});

/** A product with its contents (the videos of the class, in order). */
export const productSchema = productCardSchema.extend({
  media: z.object({
    coverUrl: z.string(),
    videoUrl: z.string(),
    durationSeconds: z.number().int().nonnegative(),
    contents: z.array(contentSchema),
  }),
});

/** A page of products. `lastProductId` is the cursor of the next page; null on the last page. */
export const productPageSchema = z.object({
  products: z.array(productCardSchema),
  lastProductId: z.string().nullable(),
  /** Present when the search as typed matched nothing and its words were corrected: what was searched for. */
  searchedFor: z.string().optional(),
});

export const programTypeSchema = z.enum(['collection', 'school', 'series', 'challenge']);

export const collectionSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  programType: programTypeSchema,
  coverUrl: z.string(),
  productIds: z.array(z.string()),
  productCount: z.number().int().nonnegative(),
});
export const collectionSchema = collectionSummarySchema.extend({ products: z.array(productCardSchema) });

export const purchaseSchema = z.object({
  productId: z.string(),
  purchasedAt: z.string(),
  priceInCents: z.number().int().nonnegative(),
  currency: z.string(),
  /** Present when refunded; a refunded purchase counts as not owned. */
  refundedInfo: z.object({ refundedAt: z.string(), reason: z.string().nullable() }).nullable(),
  owned: z.boolean(),
  product: productCardSchema.nullable(),
});

export const contentProgressSchema = z.object({
  product_id: z.string(),
  content_id: z.string(),
  percent_complete: z.number().min(0).max(100),
  seconds_watched: z.number().nonnegative(),
  position_in_seconds: z.number().nonnegative(),
  updated_at: z.string(),
});

export const productProgressSchema = z.object({
  product_id: z.string(),
  /** Over the product's contents, weighted by their duration. */
  percent_complete: z.number().min(0).max(100),
  seconds_watched: z.number().nonnegative(),
  last_watched_at: z.string().nullable(),
  /** Where to resume: the content watched last and its saved position. */
  resume: z.object({ content_id: z.string(), position_in_seconds: z.number().nonnegative() }).nullable(),
  contents: z.array(contentProgressSchema),
});

export const enrolledClassSchema = z.object({
  productId: z.string(),
  classSlug: z.string(),
  classStartDate: z.string(),
  classEndDate: z.string(),
  /** End date not yet past (spec 4, active class). */
  isActive: z.boolean(),
  product: productCardSchema.nullable(),
});

/** Hero data of spec 3. */
export const heroSchema = z.object({
  title: z.string(),
  description: z.string(),
  titleB: z.string(),
  descriptionB: z.string(),
  descriptionAfterCountdown: z.string(),
  countdownEndDate: z.string().nullable(),
  yellowBannerLinkUrl: z.string(),
  backgroundUrl: z.string(),
  mobileBackgroundUrl: z.string(),
  pricingText: z.string(),
});

/** Banner flag payload of spec 3 (the homepage-yellow-banner-text feature flag). */
export const bannerSchema = z.object({
  titleBoldText: z.string(),
  descriptionText: z.string(),
  descriptionTextAfterCountdown: z.string(),
  countdownEndDate: z.string().nullable(),
  url: z.string(),
  specialTheme: z.enum(['holiday', 'sfschool', 'spring', 'none']),
});

export const browseCategorySchema = z.object({ slug: z.string(), title: z.string(), productCount: z.number().int() });

export const listQuery = z.object({
  limit: queryLimit(100, 24),
  lastProductId: idField.optional(),
  categories: queryList.optional(),
  topics: queryList.optional(),
  genres: queryList.optional(),
  /** Title prefix (or near-miss: trigram match). */
  title: searchField.optional(),
  /** Free text over title (A), description (B), creator and topics (C), plus trigram title match. */
  search: searchField.optional(),
  /** The browse view's order when there is no search: All classes (newest), Top rated, Most popular. */
  sort: z.enum(['newest', 'top_rated', 'popular']).default('newest'),
});

export const homepageQuery = z.object({
  isForHomepage: queryBoolean.optional(),
  limit: queryLimit(100, 24),
  lastProductId: idField.optional(),
});

// ---- admin inputs ----

export const contentsInput = z
  .array(z.object({ contentId: idField, title: z.string().min(1).max(200), durationSeconds: z.number().int().min(0) }))
  .max(200);

export const productInput = z.object({
  title: z.string().trim().min(1).max(200),
  classSlug: slugField,
  storefrontSlug: slugField,
  creator: z.object({ id: idField, name: z.string().trim().min(1).max(200) }),
  description: z.string().max(10_000).default(''),
  category: slugField,
  topics: z.array(slugField).max(20).default([]),
  genres: z.array(slugField).max(20).default([]),
  priceInfo: z.object({
    priceInCents: z.number().int().min(0),
    currency: z.string().length(3).default('USD'),
    crossedPriceInCents: z.number().int().min(0).nullable().default(null),
  }),
  rating: z.number().min(0).max(5).default(0),
  ratingCount: z.number().int().min(0).default(0),
  releaseDate: z.iso.datetime({ message: 'must be an ISO date-time' }).optional(),
  media: z.object({
    coverUrl: z.string().max(500).default(''),
    videoUrl: z.string().max(500).default(''),
    contents: contentsInput.default([]),
  }),
});

/** A change: only the fields sent change (no defaults here, so nothing is reset by omission). */
export const productPatch = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  creator: z.object({ id: idField, name: z.string().trim().min(1).max(200) }).optional(),
  description: z.string().max(10_000).optional(),
  category: slugField.optional(),
  topics: z.array(slugField).max(20).optional(),
  genres: z.array(slugField).max(20).optional(),
  priceInfo: z
    .object({
      priceInCents: z.number().int().min(0),
      currency: z.string().length(3),
      crossedPriceInCents: z.number().int().min(0).nullable(),
    })
    .optional(),
  rating: z.number().min(0).max(5).optional(),
  ratingCount: z.number().int().min(0).optional(),
  releaseDate: z.iso.datetime({ message: 'must be an ISO date-time' }).optional(),
  media: z
    .object({ coverUrl: z.string().max(500), videoUrl: z.string().max(500), contents: contentsInput })
    .partial()
    .optional(),
});
