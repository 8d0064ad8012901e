// The public pages of creators' work: an app's landing page, a creator's storefront, the creators
// page (spec 2: "product landing", "creator storefront", "creators page"), and the creator's own
// storefront settings. Only calls are exported as values from this file (api/index.ts lists them).
import { z } from 'zod';
import { defineCall } from '../http';
import { slugParam } from './creator-apps-schemas';
import { appLandingSchema, creatorSummarySchema, STOREFRONT_BIO_MAX, storefrontSchema } from './storefronts-schemas';
import { STOREFRONT_PHOTO_MAX_MB, STOREFRONT_PHOTO_MIN_PIXELS, STOREFRONT_PHOTO_PIXELS } from '../media-limits';

export type { AppLanding, Storefront, StorefrontApp, CreatorSummary, LandingPricing } from './storefronts-schemas';

const mod = 'creator-apps';

export const getAppLanding = defineCall({
  id: 'getAppLanding',
  module: mod,
  method: 'GET',
  path: '/apps/landing/:storefrontSlug/:appSlug',
  access: 'public',
  style: 'envelope',
  summary:
    "A published app's landing page with its live prices, by any address it ever had (the answer names the current " +
    'one). Its owner (or an admin) also reaches it unpublished, as its draft (isLive false). Otherwise 404.',
  params: z.object({ storefrontSlug: slugParam, appSlug: slugParam }),
  response: z.object({ landing: appLandingSchema }),
});

export const getCreatorStorefront = defineCall({
  id: 'getCreatorStorefront',
  module: mod,
  method: 'GET',
  path: '/creators/storefront/:storefrontSlug',
  access: 'public',
  style: 'envelope',
  summary:
    "A creator's storefront: name, photo, bio, published apps and classes, by any slug it ever had (the answer names " +
    'the current one). 404 when unknown or when it has nothing published.',
  params: z.object({ storefrontSlug: slugParam }),
  response: z.object({ storefront: storefrontSchema }),
});

export const getCreators = defineCall({
  id: 'getCreators',
  module: mod,
  method: 'GET',
  path: '/creators/list',
  access: 'public',
  style: 'envelope',
  summary: 'Storefronts with at least one published app, the most recently published first.',
  response: z.object({ creators: z.array(creatorSummarySchema) }),
});

export const updateStorefront = defineCall({
  id: 'updateStorefront',
  module: mod,
  method: 'POST',
  path: '/creators/updateStorefront',
  access: 'user',
  style: 'envelope',
  summary:
    "Changes the caller's storefront: its slug (every app moves with it; old addresses answer with a 301), bio and photo. " +
    'A slug another creator has (or had): 409.',
  body: z.object({
    storefrontSlug: z.string().trim().toLowerCase().optional(),
    bio: z.string().trim().max(STOREFRONT_BIO_MAX, `must be at most ${STOREFRONT_BIO_MAX} characters`).nullable().optional(),
    photoUrl: z
      .string()
      .trim()
      .max(500)
      .nullable()
      .optional()
      .describe(
        'null removes the photo; otherwise a photo uploadStorefrontPhoto answered for this storefront (anything else: 400)',
      ),
  }),
  response: z.object({ storefrontSlug: z.string() }),
});

export const uploadStorefrontPhoto = defineCall({
  id: 'uploadStorefrontPhoto',
  module: mod,
  method: 'POST',
  path: '/creators/storefrontPhoto',
  access: 'user',
  style: 'envelope',
  summary:
    "Sets the caller's storefront photo (multipart/form-data: `file`): an image (JPEG, PNG, WebP, GIF or AVIF; anything " +
    `else 415) of at most ${STOREFRONT_PHOTO_MAX_MB} MB (413), at least ${STOREFRONT_PHOTO_MIN_PIXELS} pixels wide and high ` +
    `(400), cropped square and stored at ${STOREFRONT_PHOTO_PIXELS}x${STOREFRONT_PHOTO_PIXELS}. The storefront page and its ` +
    'share tags show it at once. updateStorefront with photoUrl null removes it.',
  upload: { fileField: 'file', fields: z.object({}) },
  response: z.object({ photoUrl: z.string(), width: z.number().int(), height: z.number().int() }),
  successStatus: 201,
});

export const getMyStorefront = defineCall({
  id: 'getMyStorefront',
  module: mod,
  method: 'GET',
  path: '/creators/myStorefront',
  access: 'user',
  style: 'envelope',
  summary: "The caller's storefront as its settings show it (slug null: none yet, it comes with their first app).",
  response: z.object({
    storefront: z.object({ storefrontSlug: z.string().nullable(), bio: z.string().nullable(), photoUrl: z.string().nullable() }),
  }),
});
