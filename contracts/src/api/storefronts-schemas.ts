// Shapes of the public pages of creators' work (contracts/src/api/storefronts.ts): an app's landing
// page, a creator's storefront, the creators page.
import { z } from 'zod';
import { LandingPageSchema } from '../creator-documents';
import { appImageSchema } from '../jobs';
import { productCardSchema } from './catalogue-schemas';
import { themeSchema } from './creator-apps-schemas';

/** An app's prices as its landing page shows them (cents; the annual plan is one year or 12 months). */
export const landingPricingSchema = z.object({
  monthlyPrice: z.number().int().nullable(),
  annualPrice: z.number().int().nullable(),
  annualDurationUnit: z.enum(['year', 'month']).nullable(),
  trialDays: z.number().int().nonnegative(),
  currency: z.string(),
});
export type LandingPricing = z.infer<typeof landingPricingSchema>;

export const shareImageSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });

/** Who made it, as a link to their storefront. */
export const storefrontCreatorSchema = z.object({
  name: z.string(),
  storefrontSlug: z.string(),
  photoUrl: z.string().nullable(),
});

/** An app's public landing page (/apps/{storefrontSlug}/{appSlug}). */
export const appLandingSchema = z.object({
  appId: z.string(),
  name: z.string(),
  /** The app's current address: an older one answers with this one (and a 301 for the page). */
  storefrontSlug: z.string(),
  appSlug: z.string(),
  /** Where its call to action leads: the app's onboarding. */
  onboardingPath: z.string(),
  /** False: the owner sees the draft of an app not published yet (nobody else sees it). */
  isLive: z.boolean(),
  publishedAt: z.string().nullable(),
  appImage: appImageSchema.nullable(),
  theme: themeSchema.nullable(),
  /** null: the app has no landing page (or it is still being made). */
  landingPage: LandingPageSchema.nullable(),
  pricing: landingPricingSchema.nullable(),
  /** The 1200x630 picture link previews show (null until made for this publication). */
  shareImage: shareImageSchema.nullable(),
  creator: storefrontCreatorSchema,
});
export type AppLanding = z.output<typeof appLandingSchema>;

/** A published app as its creator's storefront lists it. */
export const storefrontAppSchema = z.object({
  appId: z.string(),
  name: z.string(),
  storefrontSlug: z.string(),
  appSlug: z.string(),
  tagline: z.string().nullable(),
  appImage: appImageSchema.nullable(),
});
export type StorefrontApp = z.output<typeof storefrontAppSchema>;

/** A creator's storefront (/creators/{storefrontSlug}). */
export const storefrontSchema = storefrontCreatorSchema.extend({
  bio: z.string().nullable(),
  apps: z.array(storefrontAppSchema),
  classes: z.array(productCardSchema),
});
export type Storefront = z.output<typeof storefrontSchema>;

/** A storefront as the creators page lists it. */
export const creatorSummarySchema = storefrontCreatorSchema.extend({
  bio: z.string().nullable(),
  appCount: z.number().int(),
  /** A few of their apps' names, newest first. */
  appNames: z.array(z.string()),
  appImage: appImageSchema.nullable(),
});
export type CreatorSummary = z.output<typeof creatorSummarySchema>;

export const STOREFRONT_BIO_MAX = 600;
