// The creator studio's calls of spec section 7: "Apps area" (apps, landing pages, theme, publish,
// unpublished changes) and "App builder" (builds, brainstorms, blueprint, versions, examples,
// suggestions). All answer in the envelope style. Only calls are exported as values from this file:
// api/index.ts lists every export as a call; shared shapes live in creator-apps-schemas.ts.
import { z } from 'zod';
import { defineCall, queryBoolean } from '../http';
import {
  appIdField,
  appNameField,
  appSchema,
  blueprintExampleSchema,
  blueprintVersionSchema,
  brainstormIdeaSchema,
  brainstormStatusSchema,
  editorSuggestionsResponseSchema,
  exampleContentField,
  exampleTitleField,
  exampleTypeField,
  INSTRUCTION_MAX,
  jsonObject,
  landingPageInfoSchema,
  landingPageVersionSchema,
  onboardingFlowVersionSchema,
  promptField,
  publicAppSchema,
  slugParam,
  themeSchema,
  publishPreviewSchema,
  unpublishedChangesSchema,
  versionIdField,
} from './creator-apps-schemas';
import { AppBlueprintSchema, OnboardingFlowSchema } from '../creator-documents';

export type {
  CreatorApp,
  PublicApp,
  LandingPageInfo,
  BuildStatus,
  BlueprintVersion,
  LandingPageVersion,
  BlueprintExample,
  BrainstormStatus,
  BrainstormIdea,
  AppTheme,
} from './creator-apps-schemas';

const appQuery = z.object({ appId: appIdField });
const slugParams = z.object({ storefrontSlug: slugParam, appSlug: slugParam });
const appParam = z.object({ appId: appIdField });
const restoreBody = z.object({ appId: appIdField, versionId: versionIdField });
const runAnswer = z.object({ appId: z.string(), runId: z.string() });
const mod = 'creator-apps';

// ---------------------------------------------------------------- Apps area

export const getAllApps = defineCall({
  id: 'getAllApps',
  module: mod,
  method: 'GET',
  path: '/apps/getAllApps',
  access: 'public',
  style: 'envelope',
  summary:
    'Published apps, newest first. should_include_unpublished=true (admins only; others 403) lists drafts too. ' +
    'with_landing_page_info=true adds each landing page (null when absent or pending).',
  query: z.object({ with_landing_page_info: queryBoolean.optional(), should_include_unpublished: queryBoolean.optional() }),
  response: z.object({ apps: z.array(publicAppSchema) }),
});

export const getAppBySlug = defineCall({
  id: 'getAppBySlug',
  module: mod,
  method: 'GET',
  path: '/apps/getAppBySlug/:storefrontSlug/:appSlug',
  access: 'public',
  style: 'envelope',
  summary: 'A published app by its address; its owner (or an admin) also reaches it unpublished. Otherwise 404.',
  params: slugParams,
  response: z.object({ app: publicAppSchema }),
});

export const getAppLandingPageInfoBySlug = defineCall({
  id: 'getAppLandingPageInfoBySlug',
  module: mod,
  method: 'GET',
  path: '/apps/getAppLandingPageInfoBySlug/:storefrontSlug/:appSlug',
  access: 'public',
  style: 'envelope',
  summary:
    "The app's landing page: the draft for its owner (or an admin), the published one for anyone else. " +
    "null when absent; a 'pending' page counts as absent. Unknown or unpublished app: 404.",
  params: slugParams,
  response: z.object({ appId: z.string(), landingPageInfo: landingPageInfoSchema.nullable() }),
});

export const getPublishedLandingPageInfo = defineCall({
  id: 'getPublishedLandingPageInfo',
  module: mod,
  method: 'GET',
  path: '/apps/getPublishedLandingPageInfo/:storefrontSlug/:appSlug',
  access: 'public',
  style: 'envelope',
  summary: 'The landing page as last published (null when none or pending). Unknown or never-published app: 404.',
  params: slugParams,
  response: z.object({ appId: z.string(), landingPageInfo: landingPageInfoSchema.nullable() }),
});

export const saveAppLandingPageInfo = defineCall({
  id: 'saveAppLandingPageInfo',
  module: mod,
  method: 'POST',
  path: '/apps/saveAppLandingPageInfo',
  access: 'user',
  style: 'envelope',
  summary: 'Save the landing page draft as a new version (saving what is already current adds none). Owner or admin.',
  body: z.object({ appId: appIdField, landingPageInfo: landingPageInfoSchema }),
  response: z.object({ version: landingPageVersionSchema }),
});

export const updateAppTheme = defineCall({
  id: 'updateAppTheme',
  module: mod,
  method: 'POST',
  path: '/apps/updateAppTheme/:appId',
  access: 'user',
  style: 'envelope',
  summary: "Replace the app's theme (names to colours, fonts, numbers or flags). Owner or admin.",
  params: appParam,
  body: z.object({ theme: themeSchema.refine((t) => Object.keys(t).length <= 64, 'theme has at most 64 entries') }),
  response: z.object({ app: appSchema }),
});

export const updateApp = defineCall({
  id: 'updateApp',
  module: mod,
  method: 'POST',
  path: '/apps/updateApp',
  access: 'user',
  style: 'envelope',
  summary:
    'Change fields of an app (name, appIdea) or its canvasSettings. The address (slugs) stays. ' +
    'At least one field. Owner or admin.',
  body: z
    .object({
      appId: appIdField,
      name: appNameField.optional(),
      appIdea: z.string().trim().max(2000, 'must be at most 2000 characters').nullable().optional(),
      canvasSettings: jsonObject(50_000).optional(),
    })
    .refine((b) => b.name !== undefined || b.appIdea !== undefined || b.canvasSettings !== undefined, {
      message: 'Nothing to update: send name, appIdea or canvasSettings.',
    }),
  response: z.object({ app: appSchema }),
});

export const checkUnpublishedChanges = defineCall({
  id: 'checkUnpublishedChanges',
  module: mod,
  method: 'GET',
  path: '/apps/checkUnpublishedChanges/:appId',
  access: 'user',
  style: 'envelope',
  summary: 'Whether the drafts differ from the published app, and which parts. Cached 5 s per app. Owner or admin.',
  params: appParam,
  response: unpublishedChangesSchema,
});

export const getPublishPreview = defineCall({
  id: 'getPublishPreview',
  module: mod,
  method: 'GET',
  path: '/apps/getPublishPreview/:appId',
  access: 'user',
  style: 'envelope',
  summary:
    'What goes live: each part (blueprint, onboarding flow, landing page, pricing, theme, canvas) as draft against live, ' +
    'field by field, and whether the caller may publish (a creator-platform plan is needed). Owner or admin.',
  params: appParam,
  response: publishPreviewSchema,
});

export const publishApp = defineCall({
  id: 'publishApp',
  module: mod,
  method: 'POST',
  path: '/apps/publishApp/:appId',
  access: 'user',
  style: 'envelope',
  summary:
    'Publish the app: its current drafts (and pricing) become the published versions. Owner or admin. ' +
    'An owner without a creator-platform plan: 402 TIER_REQUIRED.',
  params: appParam,
  body: z.object({}).passthrough().optional(),
  response: z.object({ app: appSchema }),
});

// ---------------------------------------------------------------- App builder: apps

export const createApp = defineCall({
  id: 'createApp',
  module: mod,
  method: 'POST',
  path: '/app-builder/createApp',
  access: 'user',
  style: 'envelope',
  summary: 'Create an empty app (or an idea) for the caller. Its address comes from the creator and the name.',
  body: z.object({ name: appNameField, prompt: z.string().trim().max(2000).optional(), isIdea: z.boolean().optional() }),
  response: z.object({ app: appSchema }),
  successStatus: 201,
});

export const getCreatorApps = defineCall({
  id: 'getCreatorApps',
  module: mod,
  method: 'GET',
  path: '/app-builder/getCreatorApps',
  access: 'user',
  style: 'envelope',
  summary:
    "The caller's apps (the creator dashboard): build status, last opened, unpublished changes; most recently opened first. " +
    "published_only=true keeps published ones. asUserEmail / asUserId (admins only; others 403) lists another creator's apps.",
  query: z.object({
    with_landing_page_info: queryBoolean.optional(),
    published_only: queryBoolean.optional(),
    asUserEmail: z.string().trim().toLowerCase().max(254).optional(),
    asUserId: z.string().trim().min(1).max(128).optional(),
  }),
  response: z.object({ apps: z.array(appSchema) }),
});

export const creatorHasAnyApp = defineCall({
  id: 'creatorHasAnyApp',
  module: mod,
  method: 'GET',
  path: '/app-builder/creatorHasAnyApp',
  access: 'user',
  style: 'envelope',
  summary: 'Whether the caller has at least one app.',
  response: z.object({ hasAny: z.boolean() }),
});

export const updateRecentlyOpened = defineCall({
  id: 'updateRecentlyOpened',
  module: mod,
  method: 'POST',
  path: '/app-builder/updateRecentlyOpened',
  access: 'user',
  style: 'envelope',
  summary: 'Record that the creator opened the app now (orders the dashboard). Owner or admin.',
  query: appQuery,
  response: z.object({ appId: z.string(), lastOpenedAt: z.string() }),
});

export const updateAppIsIdea = defineCall({
  id: 'updateAppIsIdea',
  module: mod,
  method: 'POST',
  path: '/app-builder/update-app-is-idea',
  access: 'user',
  style: 'envelope',
  summary: 'Switch the app between idea and app (spec 4). Owner or admin.',
  body: z.object({ appId: appIdField, isIdea: z.boolean({ error: 'must be true or false' }) }),
  response: z.object({ app: appSchema }),
});

// ---------------------------------------------------------------- App builder: AI jobs

export const buildApp = defineCall({
  id: 'buildApp',
  module: mod,
  method: 'POST',
  path: '/app-builder/buildApp',
  access: 'user',
  style: 'envelope',
  summary:
    'Build an app from a prompt (and the stored app idea) as a background job: blueprint, onboarding flow, landing page, ' +
    'app image. Creates the app unless appId names one of yours. Follow it on the socket (job:progress) or GET /jobs/{runId}. ' +
    'At most 3 builds in flight per creator (429).',
  body: z.object({
    prompt: promptField,
    appIdea: z.string().trim().max(2000, 'must be at most 2000 characters').optional(),
    appId: appIdField.optional(),
    name: appNameField.optional(),
  }),
  response: runAnswer,
  successStatus: 202,
});

export const buildBrainstorm = defineCall({
  id: 'buildBrainstorm',
  module: mod,
  method: 'POST',
  path: '/app-builder/buildBrainstorm',
  access: 'user',
  style: 'envelope',
  summary: 'Brainstorm app ideas from a prompt as a background job; poll getBrainstormStatus, then getBrainstormApps.',
  body: z.object({ prompt: promptField }),
  response: z.object({ brainstormId: z.string(), runId: z.string() }),
  successStatus: 202,
});

export const getBrainstormStatus = defineCall({
  id: 'getBrainstormStatus',
  module: mod,
  method: 'GET',
  path: '/app-builder/getBrainstormStatus',
  access: 'user',
  style: 'envelope',
  summary: 'queued, running, completed or failed (with the reason). Your brainstorms only (404 otherwise).',
  query: z.object({ brainstormId: z.uuid('must be a brainstorm id') }),
  response: z.object({
    brainstormId: z.string(),
    runId: z.string(),
    status: brainstormStatusSchema,
    error: z.string().nullable(),
  }),
});

export const getBrainstormApps = defineCall({
  id: 'getBrainstormApps',
  module: mod,
  method: 'GET',
  path: '/app-builder/getBrainstormApps',
  access: 'user',
  style: 'envelope',
  summary: 'The brainstorm\'s app ideas. Still running: 409; failed: 422 with the reason (spec: "throws on error").',
  query: z.object({ brainstormId: z.uuid('must be a brainstorm id') }),
  response: z.object({ brainstormId: z.string(), prompt: z.string(), apps: z.array(brainstormIdeaSchema) }),
});

export const editLandingPage = defineCall({
  id: 'editLandingPage',
  module: mod,
  method: 'POST',
  path: '/app-builder/edit-landing-page',
  access: 'user',
  style: 'envelope',
  summary: 'Apply an instruction to the current landing page as a background job; the result is saved as a new version.',
  body: z.object({
    appId: appIdField,
    instruction: z
      .string({ error: (i) => (i.input === undefined ? 'Say what to change on the landing page.' : undefined) })
      .trim()
      .min(3, 'Say what to change on the landing page.')
      .max(INSTRUCTION_MAX, `Keep the instruction under ${INSTRUCTION_MAX} characters.`),
  }),
  response: runAnswer,
  successStatus: 202,
});

export const getBlueprintHelpForApp = defineCall({
  id: 'getBlueprintHelpForApp',
  module: mod,
  method: 'GET',
  path: '/app-builder/getBlueprintHelpForApp',
  access: 'user',
  style: 'envelope',
  summary:
    "An AI suggestion for the app's blueprint: waits for the quick job; a timeout or failure answers 409 with a message (never a 5xx).",
  query: appQuery,
  response: z.object({ appId: z.string(), suggestion: AppBlueprintSchema }),
});

export const getEditorPlusButtonSuggestions = defineCall({
  id: 'getEditorPlusButtonSuggestions',
  module: mod,
  method: 'POST',
  path: '/app-builder/getEditorPlusButtonSuggestions',
  access: 'user',
  style: 'envelope',
  summary:
    "Sections of suggestions for the editor's plus button, from the editor context. On any failure the built-in " +
    'Suggested, Stories and Activities sections answer (fallback: true).',
  query: appQuery,
  body: z.object({ context: jsonObject(20_000).optional() }).passthrough(),
  response: editorSuggestionsResponseSchema,
});

// ---------------------------------------------------------------- Blueprint and its versions

export const getBlueprintForApp = defineCall({
  id: 'getBlueprintForApp',
  module: mod,
  method: 'GET',
  path: '/app-builder/getBlueprintForApp',
  access: 'user',
  style: 'envelope',
  summary: "The app's current blueprint draft (null before the first build or save) and its version id.",
  query: appQuery,
  response: z.object({ appId: z.string(), blueprint: AppBlueprintSchema.nullable(), versionId: z.string().nullable() }),
});

export const updateBlueprint = defineCall({
  id: 'updateBlueprint',
  module: mod,
  method: 'POST',
  path: '/app-builder/updateBlueprint',
  access: 'user',
  style: 'envelope',
  summary: 'Save the blueprint as a new version (saving what is already current adds none).',
  body: z.object({ appId: appIdField, blueprint: AppBlueprintSchema }),
  response: z.object({ version: blueprintVersionSchema }),
});

export const getBlueprintVersionHistory = defineCall({
  id: 'getBlueprintVersionHistory',
  module: mod,
  method: 'GET',
  path: '/app-builder/getBlueprintVersionHistory',
  access: 'user',
  style: 'envelope',
  summary: 'Every blueprint version, newest first.',
  query: appQuery,
  response: z.object({ versions: z.array(blueprintVersionSchema) }),
});

export const getBlueprintVersionHistoryPaginated = defineCall({
  id: 'getBlueprintVersionHistoryPaginated',
  module: mod,
  method: 'GET',
  path: '/app-builder/getBlueprintVersionHistoryPaginated',
  access: 'user',
  style: 'envelope',
  summary: 'Blueprint versions newest first, a page at a time (limit default 20, at most 100; cursor from nextCursor).',
  query: z.object({
    appId: appIdField,
    limit: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .optional(),
    cursor: z.string().max(40).optional(),
  }),
  response: z.object({ versions: z.array(blueprintVersionSchema), nextCursor: z.string().nullable(), hasMore: z.boolean() }),
});

export const restoreBlueprintVersion = defineCall({
  id: 'restoreBlueprintVersion',
  module: mod,
  method: 'POST',
  path: '/app-builder/restoreBlueprintVersion',
  access: 'user',
  style: 'envelope',
  summary: 'Restore an earlier blueprint version: a new version copying it (history is never rewritten).',
  body: restoreBody,
  response: z.object({ version: blueprintVersionSchema }),
});

export const getOnboardingFlowForApp = defineCall({
  id: 'getOnboardingFlowForApp',
  module: mod,
  method: 'GET',
  path: '/app-builder/getOnboardingFlowForApp',
  access: 'user',
  style: 'envelope',
  summary: "The app's current onboarding flow draft (pages and questions) from its build; null before one.",
  query: appQuery,
  response: z.object({
    appId: z.string(),
    onboardingFlow: OnboardingFlowSchema.nullable(),
    versionId: z.string().nullable(),
    versions: z.array(onboardingFlowVersionSchema.omit({ content: true })),
  }),
});

// ---------------------------------------------------------------- Onboarding flow (Apps area)

const versionPageQuery = z.object({
  appId: appIdField,
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .optional(),
  cursor: z.string().max(40).optional(),
});

export const getAppOnboardingFlow = defineCall({
  id: 'getAppOnboardingFlow',
  module: mod,
  method: 'GET',
  path: '/apps/getAppOnboardingFlow/:storefrontSlug/:appSlug',
  access: 'public',
  style: 'envelope',
  summary:
    "The app's onboarding flow: the published version for anyone, the draft for its owner (or an admin), who may ask " +
    "for the published one with version=published (the simulator's published run; 404 before publishing). An app " +
    'without one answers a default flow (isDefault: true) derived from its blueprint. Unknown or unpublished app: 404.',
  params: slugParams,
  query: z.object({ version: z.enum(['draft', 'published'], { message: "must be 'draft' or 'published'" }).optional() }),
  response: z.object({
    appId: z.string(),
    appName: z.string(),
    onboardingFlow: OnboardingFlowSchema,
    versionId: z.string().nullable(),
    isDefault: z.boolean(),
    isDraft: z.boolean(),
  }),
});

export const saveAppOnboardingFlowV2 = defineCall({
  id: 'saveAppOnboardingFlowV2',
  module: mod,
  method: 'POST',
  path: '/apps/saveAppOnboardingFlowV2',
  access: 'user',
  style: 'envelope',
  summary:
    'Save the onboarding flow draft (pages of single choice, multiple choice, text, number, date questions and info pages) ' +
    'as a new version; saving what is already current adds none. Owner or admin.',
  body: z.object({ appId: appIdField, onboardingFlow: OnboardingFlowSchema }),
  response: z.object({ version: onboardingFlowVersionSchema }),
});

export const getOnboardingFlowVersionHistoryPaginated = defineCall({
  id: 'getOnboardingFlowVersionHistoryPaginated',
  module: mod,
  method: 'GET',
  path: '/apps/getOnboardingFlowVersionHistoryPaginated',
  access: 'user',
  style: 'envelope',
  summary: 'Onboarding flow versions newest first, a page at a time (limit default 20, at most 100; cursor from nextCursor).',
  query: versionPageQuery,
  response: z.object({ versions: z.array(onboardingFlowVersionSchema), nextCursor: z.string().nullable(), hasMore: z.boolean() }),
});

export const restoreOnboardingFlowVersion = defineCall({
  id: 'restoreOnboardingFlowVersion',
  module: mod,
  method: 'POST',
  path: '/apps/restoreOnboardingFlowVersion',
  access: 'user',
  style: 'envelope',
  summary: 'Restore an earlier onboarding flow version: a new version copying it. Owner or admin.',
  body: z.object({ app_id: appIdField, version_id: versionIdField }),
  response: z.object({ version: onboardingFlowVersionSchema }),
});

// ---------------------------------------------------------------- Landing page versions

export const getLandingPageVersionHistory = defineCall({
  id: 'getLandingPageVersionHistory',
  module: mod,
  method: 'GET',
  path: '/app-builder/getLandingPageVersionHistory',
  access: 'user',
  style: 'envelope',
  summary: 'Every landing page version, newest first.',
  query: appQuery,
  response: z.object({ versions: z.array(landingPageVersionSchema) }),
});

export const restoreLandingPageVersion = defineCall({
  id: 'restoreLandingPageVersion',
  module: mod,
  method: 'POST',
  path: '/app-builder/restoreLandingPageVersion',
  access: 'user',
  style: 'envelope',
  summary: 'Restore an earlier landing page version: a new version copying it.',
  body: restoreBody,
  response: z.object({ version: landingPageVersionSchema }),
});

// ---------------------------------------------------------------- Blueprint examples

export const saveBlueprintExample = defineCall({
  id: 'saveBlueprintExample',
  module: mod,
  method: 'POST',
  path: '/app-builder/saveBlueprintExample',
  access: 'user',
  style: 'envelope',
  summary: 'Save an example (title, content, type) for an app of yours.',
  body: z.object({ appId: appIdField, title: exampleTitleField, content: exampleContentField, type: exampleTypeField }),
  response: z.object({ example: blueprintExampleSchema }),
  successStatus: 201,
});

export const getBlueprintExamplesForApp = defineCall({
  id: 'getBlueprintExamplesForApp',
  module: mod,
  method: 'GET',
  path: '/app-builder/getBlueprintExamplesForApp',
  access: 'user',
  style: 'envelope',
  summary: "An app's examples, newest first; type filters them.",
  query: z.object({ appId: appIdField, type: exampleTypeField.optional() }),
  response: z.object({ examples: z.array(blueprintExampleSchema) }),
});

export const getBlueprintExampleById = defineCall({
  id: 'getBlueprintExampleById',
  module: mod,
  method: 'GET',
  path: '/app-builder/getBlueprintExampleById',
  access: 'user',
  style: 'envelope',
  summary: 'One example of an app of yours (404 otherwise).',
  query: z.object({ exampleId: z.uuid('must be an example id') }),
  response: z.object({ example: blueprintExampleSchema }),
});

export const updateBlueprintExample = defineCall({
  id: 'updateBlueprintExample',
  module: mod,
  method: 'PATCH',
  path: '/app-builder/blueprint-examples/:id',
  access: 'user',
  style: 'envelope',
  summary: 'Change the content and/or title of an example (at least one).',
  params: z.object({ id: z.uuid('must be an example id') }),
  body: z
    .object({ content: exampleContentField.optional(), title: exampleTitleField.optional() })
    .refine((b) => b.content !== undefined || b.title !== undefined, { message: 'Nothing to update: send content or title.' }),
  response: z.object({ example: blueprintExampleSchema }),
});
