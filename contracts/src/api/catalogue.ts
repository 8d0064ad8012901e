// The catalogue and progress calls of spec section 7 (Catalogue, cart, progress), the waitlist, the
// library, enrolled classes, home content and the admin calls that manage the catalogue.
// Only calls are exported as values from this file: api/index.ts lists every export as a call.
import { z } from 'zod';
import { defineCall } from '../http';
import {
  idField,
  slugField,
  productCardSchema,
  productSchema,
  productPageSchema,
  programTypeSchema,
  collectionSummarySchema,
  collectionSchema,
  purchaseSchema,
  contentProgressSchema,
  productProgressSchema,
  enrolledClassSchema,
  heroSchema,
  bannerSchema,
  browseCategorySchema,
  listQuery,
  homepageQuery,
  productInput,
  productPatch,
} from './catalogue-schemas';

export const getAllProductCollections = defineCall({
  id: 'getAllProductCollections',
  module: 'catalogue',
  method: 'GET',
  path: '/getAllProductCollections',
  access: 'public',
  style: 'legacy',
  summary: "Every collection but the schools (programType 'school'), by title.",
  response: z.object({ collections: z.array(collectionSummarySchema) }),
});

export const getProductCollectionWithSlug = defineCall({
  id: 'getProductCollectionWithSlug',
  module: 'catalogue',
  method: 'GET',
  path: '/getProductCollectionWithSlug',
  access: 'public',
  style: 'legacy',
  summary: 'A collection (or school) with its products in order. Unknown slug: 404.',
  query: z.object({ slug: slugField }),
  response: z.object({ collection: collectionSchema }),
});

export const getSchoolWithSlug = defineCall({
  id: 'getSchoolWithSlug',
  module: 'catalogue',
  method: 'GET',
  path: '/getSchoolWithSlug',
  access: 'public',
  style: 'legacy',
  summary: 'A school (/school/music, /schools/{slug}) with its products. Unknown slug: 404.',
  query: z.object({ slug: slugField }),
  response: z.object({ school: collectionSchema }),
});

export const getProduct = defineCall({
  id: 'getProduct',
  module: 'catalogue',
  method: 'GET',
  path: '/getProduct',
  access: 'public',
  style: 'legacy',
  summary: 'A product with its contents. Unknown id: 404.',
  query: z.object({ id: idField }),
  response: z.object({ product: productSchema }),
});

export const getProductWithClassSlug = defineCall({
  id: 'getProductWithClassSlug',
  module: 'catalogue',
  method: 'GET',
  path: '/getProductWithClassSlug',
  access: 'public',
  style: 'legacy',
  summary: 'The product at /classes/{storefrontSlug}/{classSlug}. Unknown: 404.',
  query: z.object({ class_slug: slugField, storefront_slug: slugField }),
  response: z.object({ product: productSchema }),
});

export const getProducts = defineCall({
  id: 'getProducts',
  module: 'catalogue',
  method: 'GET',
  path: '/getProducts',
  access: 'public',
  style: 'legacy',
  summary:
    'Browse: filters (comma lists), search ranked by text rank + title similarity, else the view order; ' +
    'keyset pages after lastProductId (an unknown lastProductId answers an empty page).',
  query: listQuery,
  response: productPageSchema,
});

export const getMostPopularProducts = defineCall({
  id: 'getMostPopularProducts',
  module: 'catalogue',
  method: 'GET',
  path: '/getMostPopularProducts',
  access: 'public',
  style: 'legacy',
  summary: 'Products by purchase count, then newest. isForHomepage: one page of at most 8, no cursor.',
  query: homepageQuery,
  response: productPageSchema,
});

export const getNewReleasesProducts = defineCall({
  id: 'getNewReleasesProducts',
  module: 'catalogue',
  method: 'GET',
  path: '/getNewReleasesProducts',
  access: 'public',
  style: 'legacy',
  summary: 'Products newest release first. isForHomepage: one page of at most 8, no cursor.',
  query: homepageQuery,
  response: productPageSchema,
});

export const getUserPurchases = defineCall({
  id: 'getUserPurchases',
  module: 'catalogue',
  method: 'GET',
  path: '/getUserPurchases',
  access: 'user',
  style: 'legacy',
  summary: "The caller's purchases, newest first, refunded ones included (owned: false).",
  response: z.object({ purchases: z.array(purchaseSchema) }),
});

export const getUserPurchaseForProduct = defineCall({
  id: 'getUserPurchaseForProduct',
  module: 'catalogue',
  method: 'GET',
  path: '/getUserPurchaseForProduct',
  access: 'user',
  style: 'legacy',
  summary: "The caller's purchase of a product, or null. A purchase with refundedInfo counts as not owned.",
  query: z.object({ product_id: idField }),
  response: z.object({ purchase: purchaseSchema.nullable() }),
});

export const updateProductProgress = defineCall({
  id: 'updateProductProgress',
  module: 'catalogue',
  method: 'POST',
  path: '/updateProductProgress',
  access: 'user',
  style: 'legacy',
  summary: 'Save watching progress of one content of a product (position to resume at, seconds added).',
  body: z.object({
    product_id: idField,
    content_id: idField,
    percent_complete: z.number({ message: 'must be a number' }).min(0, 'must be at least 0').max(100, 'must be at most 100'),
    additional_seconds_watched: z.number({ message: 'must be a number' }).min(0, 'must be at least 0').max(86_400),
    position_in_seconds: z.number({ message: 'must be a number' }).min(0, 'must be at least 0').max(86_400),
  }),
  response: z.object({ progress: contentProgressSchema }),
});

export const getContentProgress = defineCall({
  id: 'getContentProgress',
  module: 'catalogue',
  method: 'GET',
  path: '/getContentProgress',
  access: 'user',
  style: 'legacy',
  summary: "The caller's progress in one content, or null.",
  query: z.object({ product_id: idField, content_id: idField }),
  response: z.object({ progress: contentProgressSchema.nullable() }),
});

export const getProductProgress = defineCall({
  id: 'getProductProgress',
  module: 'catalogue',
  method: 'GET',
  path: '/getProductProgress',
  access: 'user',
  style: 'legacy',
  summary: "The caller's progress in a product: overall percent, where to resume, each content.",
  query: z.object({ product_id: idField }),
  response: z.object({ progress: productProgressSchema }),
});

export const getRecommendations = defineCall({
  id: 'getRecommendations',
  module: 'catalogue',
  method: 'POST',
  path: '/getRecommendations',
  access: 'public',
  style: 'legacy',
  summary:
    'Products like the seeds (product_ids, plus the caller’s purchases with use_all_purchases): co-purchases and ' +
    'shared topics, genres and category; owned and excluded ids left out; ties by popularity. ' +
    "user_id must be the caller's own (admins: anyone's).",
  body: z.object({
    product_ids: z.array(idField).max(50).default([]),
    exclude_product_ids: z.array(idField).max(200).default([]),
    use_all_purchases: z.boolean().default(false),
    user_id: z.string().max(128).optional(),
    limit: z.number().int().min(1).max(50).default(12),
  }),
  response: z.object({ products: z.array(productCardSchema) }),
});

export const getLibrary = defineCall({
  id: 'getLibrary',
  module: 'catalogue',
  method: 'GET',
  path: '/getLibrary',
  access: 'user',
  style: 'legacy',
  summary: 'The /library page: products the caller owns or has progress in, last watched first.',
  response: z.object({
    items: z.array(
      z.object({
        product: productCardSchema,
        owned: z.boolean(),
        percentComplete: z.number().min(0).max(100),
        lastWatchedAt: z.string().nullable(),
      }),
    ),
  }),
});

export const getEnrolledClasses = defineCall({
  id: 'getEnrolledClasses',
  module: 'catalogue',
  method: 'GET',
  path: '/getEnrolledClasses',
  access: 'user',
  style: 'legacy',
  summary: "The /dashboard/classes page: the caller's class enrolments, with the active-class rules of spec 4.",
  response: z.object({ classes: z.array(enrolledClassSchema), hasActiveClass: z.boolean(), hasAnyClass: z.boolean() }),
});

export const getHomeContent = defineCall({
  id: 'getHomeContent',
  module: 'catalogue',
  method: 'GET',
  path: '/getHomeContent',
  access: 'public',
  style: 'legacy',
  summary: 'Home page: hero, the yellow banner (null when its flag is off) and the browse categories.',
  response: z.object({ hero: heroSchema, banner: bannerSchema.nullable(), browseCategories: z.array(browseCategorySchema) }),
});

export const addToWaitlist = defineCall({
  id: 'addToWaitlist',
  module: 'catalogue',
  method: 'POST',
  path: '/waitlist/add',
  access: 'public',
  style: 'envelope',
  summary: "Join a class's waitlist (by productId or classSlug). Joining twice is fine. Failure: 'Failed to add to waitlist'.",
  body: z
    .object({
      email: z
        .string()
        .trim()
        .max(254)
        .regex(/^\S+@\S+\.\S+$/, 'must be an email address'),
      productId: idField.optional(),
      classSlug: slugField.optional(),
      firstName: z.string().trim().max(100).optional(),
      source: z.string().trim().max(200).optional(),
    })
    .refine((b) => b.productId || b.classSlug, { message: 'productId or classSlug is required', path: ['productId'] }),
  response: z.object({ success: z.boolean(), alreadyOnWaitlist: z.boolean() }),
});

// ---- admin: managing the catalogue (commands with events) ----

export const publishProduct = defineCall({
  id: 'publishProduct',
  module: 'catalogue',
  method: 'POST',
  path: '/catalogue/admin/products',
  access: 'admin',
  style: 'envelope',
  summary: 'Publish a product. Its slug is storefrontSlug/classSlug, which must be free (409 otherwise).',
  body: productInput,
  response: z.object({ product: productSchema }),
  successStatus: 201,
});

export const updateProduct = defineCall({
  id: 'updateProduct',
  module: 'catalogue',
  method: 'PATCH',
  path: '/catalogue/admin/products/:id',
  access: 'admin',
  style: 'envelope',
  summary: 'Change some fields of a product (slugs stay).',
  params: z.object({ id: idField }),
  body: productPatch,
  response: z.object({ product: productSchema }),
});

const collectionInput = z.object({
  slug: slugField,
  title: z.string().trim().min(1).max(200),
  description: z.string().max(5000).default(''),
  coverUrl: z.string().max(500).default(''),
  productIds: z.array(idField).max(500).default([]),
});

export const createCollection = defineCall({
  id: 'createCollection',
  module: 'catalogue',
  method: 'POST',
  path: '/catalogue/admin/collections',
  access: 'admin',
  style: 'envelope',
  summary: 'Create a collection of products (slug must be free).',
  body: collectionInput.extend({ programType: programTypeSchema.exclude(['school']).default('collection') }),
  response: z.object({ collection: collectionSchema }),
  successStatus: 201,
});

export const createSchool = defineCall({
  id: 'createSchool',
  module: 'catalogue',
  method: 'POST',
  path: '/catalogue/admin/schools',
  access: 'admin',
  style: 'envelope',
  summary: "Create a school (a collection of programType 'school', left out of getAllProductCollections).",
  body: collectionInput,
  response: z.object({ school: collectionSchema }),
  successStatus: 201,
});

export const enrolInClass = defineCall({
  id: 'enrolInClass',
  module: 'catalogue',
  method: 'POST',
  path: '/catalogue/admin/enrolments',
  access: 'admin',
  style: 'envelope',
  summary: 'Enrol a user in a class between two dates (end after start).',
  body: z
    .object({
      userId: idField,
      productId: idField,
      classStartDate: z.iso.datetime({ message: 'must be an ISO date-time' }),
      classEndDate: z.iso.datetime({ message: 'must be an ISO date-time' }),
    })
    .refine((b) => b.classEndDate > b.classStartDate, { message: 'must be after classStartDate', path: ['classEndDate'] }),
  response: z.object({ enrolment: enrolledClassSchema }),
  successStatus: 201,
});

export const grantProduct = defineCall({
  id: 'grantProduct',
  module: 'catalogue',
  method: 'POST',
  path: '/catalogue/admin/grants',
  access: 'admin',
  style: 'envelope',
  summary: 'Give a user a product as a purchase at price 0 (until the commerce module sells them).',
  body: z.object({ userId: idField, productId: idField }),
  response: z.object({ purchase: purchaseSchema }),
  successStatus: 201,
});

export type ProductCard = z.output<typeof productCardSchema>;
export type Product = z.output<typeof productSchema>;
export type ProductPage = z.output<typeof productPageSchema>;
export type ProductCollection = z.output<typeof collectionSchema>;
export type ProductCollectionSummary = z.output<typeof collectionSummarySchema>;
export type Purchase = z.output<typeof purchaseSchema>;
export type ContentProgress = z.output<typeof contentProgressSchema>;
export type ProductProgress = z.output<typeof productProgressSchema>;
export type EnrolledClass = z.output<typeof enrolledClassSchema>;
export type HeroData = z.output<typeof heroSchema>;
export type BannerFlagPayload = z.output<typeof bannerSchema>;
export type BrowseCategory = z.output<typeof browseCategorySchema>;
export type ProgramType = z.output<typeof programTypeSchema>;
export type ProductInput = z.input<typeof productInput>;
