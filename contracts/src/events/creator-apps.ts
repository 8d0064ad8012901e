import { z } from 'zod';
import { defineEvent } from './envelope';

/*
 * Facts of the creator studio. Streams: `app-<appId>`.
 * Other modules (commerce: app pricing and ownership) read these facts through their own projections.
 */

/** What an app is from its creation on (its fact and the studio's answers say it the same way). */
export const appIdentityFields = {
  appId: z.string(),
  /** The creator's user id. */
  ownerId: z.string(),
  name: z.string(),
  storefrontSlug: z.string(),
  appSlug: z.string(),
  isIdea: z.boolean(),
  /** The prompt the creator described the app with ('' when created without one). */
  prompt: z.string(),
};

export const AppCreated = defineEvent('AppCreated', 1, z.object(appIdentityFields));

/** Which versioned document of an app a version belongs to. */
export const appDocumentSchema = z.enum(['blueprint', 'landing-page', 'onboarding-flow']);
export type AppDocument = z.infer<typeof appDocumentSchema>;

/** Name, app idea and/or canvas settings changed (only the fields present changed; appIdea null clears it). */
export const AppDetailsChanged = defineEvent(
  'AppDetailsChanged',
  1,
  z.object({
    appId: z.string(),
    name: z.string().optional(),
    appIdea: z.string().nullable().optional(),
    canvasSettings: z.record(z.string(), z.unknown()).optional(),
  }),
);

/** The app was switched between idea and app (spec 4). */
export const AppIsIdeaChanged = defineEvent('AppIsIdeaChanged', 1, z.object({ appId: z.string(), isIdea: z.boolean() }));

export const AppThemeChanged = defineEvent(
  'AppThemeChanged',
  1,
  z.object({ appId: z.string(), theme: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])) }),
);

/** The creator opened the app in the builder (orders the dashboard). */
export const AppOpened = defineEvent('AppOpened', 1, z.object({ appId: z.string(), openedAt: z.string() }));

/**
 * A new version of one of the app's documents. Versions are append-only: a restore is a new version
 * with restoredFrom set. runId names the job whose result it is (ai-build, ai-edit), so a redelivered
 * completion stores nothing twice.
 */
export const AppDocumentVersionAdded = defineEvent(
  'AppDocumentVersionAdded',
  1,
  z.object({
    appId: z.string(),
    document: appDocumentSchema,
    versionId: z.string(),
    number: z.number().int().positive(),
    content: z.record(z.string(), z.unknown()),
    reason: z.enum(['edit', 'restore', 'ai-build', 'ai-edit']),
    restoredFrom: z.string().nullable(),
    runId: z.string().nullable(),
  }),
);

/** The app's generated image (from a build). */
export const AppImageGenerated = defineEvent(
  'AppImageGenerated',
  1,
  z.object({
    appId: z.string(),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    generatedBy: z.string(),
    runId: z.string().nullable(),
  }),
);

/** A build of the app was asked for (its JobRequested is in the same transaction). */
export const AppBuildRequested = defineEvent(
  'AppBuildRequested',
  1,
  z.object({ appId: z.string(), runId: z.string(), prompt: z.string(), appIdea: z.string().nullable() }),
);

/** An AI edit of the landing page was asked for. */
export const LandingPageEditRequested = defineEvent(
  'LandingPageEditRequested',
  1,
  z.object({ appId: z.string(), runId: z.string(), instruction: z.string() }),
);

/** A build's result was stored (the versions and image appended with it). */
export const AppBuildResultStored = defineEvent(
  'AppBuildResultStored',
  1,
  z.object({ appId: z.string(), runId: z.string(), generatedBy: z.string() }),
);

/** A build completed with a result that could not be stored (it did not match the documents' schemas): the build counts as failed. */
export const AppBuildResultRejected = defineEvent(
  'AppBuildResultRejected',
  1,
  z.object({ appId: z.string(), runId: z.string(), reason: z.string() }),
);

/** The app's drafts became its published state: which versions, theme and canvas settings. */
export const AppPublished = defineEvent(
  'AppPublished',
  1,
  z.object({
    appId: z.string(),
    versions: z.object({
      blueprint: z.string().nullable(),
      'landing-page': z.string().nullable(),
      'onboarding-flow': z.string().nullable(),
    }),
    theme: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).nullable(),
    canvasSettings: z.record(z.string(), z.unknown()).nullable(),
    publishedAt: z.string(),
  }),
);

/**
 * The app's public address moved (/apps/{storefrontSlug}/{appSlug}): its name gave it a new slug, or
 * its creator changed their storefront's. The previous address keeps answering, with a 301 to this one.
 * The app's key (AppCreated's slugs: its plans, subscriptions and onboarding are filed under it) moves
 * too only when `rekeyed` (its first build named it, before it had plans or was published).
 */
export const AppAddressChanged = defineEvent(
  'AppAddressChanged',
  1,
  z.object({
    appId: z.string(),
    storefrontSlug: z.string(),
    appSlug: z.string(),
    previousStorefrontSlug: z.string(),
    previousAppSlug: z.string(),
    rekeyed: z.boolean(),
  }),
);

/** The picture link previews show for a published version of the app (1200x630 PNG), made once per publication. */
export const AppShareImageGenerated = defineEvent(
  'AppShareImageGenerated',
  1,
  z.object({
    appId: z.string(),
    /** The publication it shows (AppPublished's publishedAt). */
    publishedAt: z.string(),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
);

/* Storefronts. Stream: `storefront-<ownerId>`. */

/** A creator's storefront has a new slug (/creators/{storefrontSlug}); the previous one answers with a 301. */
export const StorefrontSlugChanged = defineEvent(
  'StorefrontSlugChanged',
  1,
  z.object({ ownerId: z.string(), storefrontSlug: z.string(), previousStorefrontSlug: z.string() }),
);

/** What a creator's storefront says about them (null clears a field). */
export const StorefrontDetailsChanged = defineEvent(
  'StorefrontDetailsChanged',
  1,
  z.object({ ownerId: z.string(), bio: z.string().nullable().optional(), photoUrl: z.string().nullable().optional() }),
);

/* Blueprint examples. Stream: `blueprint-example-<exampleId>`. */

export const BlueprintExampleSaved = defineEvent(
  'BlueprintExampleSaved',
  1,
  z.object({ appId: z.string(), exampleId: z.string(), title: z.string(), content: z.string(), type: z.string() }),
);

export const BlueprintExampleUpdated = defineEvent(
  'BlueprintExampleUpdated',
  1,
  z.object({ appId: z.string(), exampleId: z.string(), title: z.string().optional(), content: z.string().optional() }),
);

/* Brainstorms. Stream: `brainstorm-<brainstormId>`. */

export const BrainstormRequested = defineEvent(
  'BrainstormRequested',
  1,
  z.object({ brainstormId: z.string(), ownerId: z.string(), prompt: z.string(), runId: z.string() }),
);

export const BrainstormIdeasStored = defineEvent(
  'BrainstormIdeasStored',
  1,
  z.object({
    brainstormId: z.string(),
    runId: z.string(),
    ideas: z.array(z.object({ title: z.string(), pitch: z.string(), audience: z.string() })),
    generatedBy: z.string(),
  }),
);

export const creatorAppsEvents = [
  AppCreated,
  AppDetailsChanged,
  AppIsIdeaChanged,
  AppThemeChanged,
  AppOpened,
  AppDocumentVersionAdded,
  AppImageGenerated,
  AppBuildRequested,
  LandingPageEditRequested,
  AppBuildResultStored,
  AppBuildResultRejected,
  AppPublished,
  AppAddressChanged,
  AppShareImageGenerated,
  StorefrontSlugChanged,
  StorefrontDetailsChanged,
  BlueprintExampleSaved,
  BlueprintExampleUpdated,
  BrainstormRequested,
  BrainstormIdeasStored,
] as const;
