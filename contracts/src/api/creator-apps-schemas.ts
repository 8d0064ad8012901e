// Shapes shared by the creator studio's calls (contracts/src/api/creator-apps.ts).
import { z } from 'zod';
import { APP_NAME_MAX, PROMPT_MAX, PROMPT_MIN } from '../constants';
import {
  AppBlueprintSchema,
  BrainstormIdeasSchema,
  EditorSuggestionsSchema,
  LandingPageSchema,
  OnboardingFlowSchema,
} from '../creator-documents';
import { appImageSchema, jobRunStatusSchema } from '../jobs';
import { SIMULATED_FLOWS } from '../events/simulator';
import { appIdentityFields } from '../events/creator-apps';

export const appIdField = z.uuid('must be an app id');
export const versionIdField = z.uuid('must be a version id');
export const slugParam = z.string().trim().min(1).max(120);
/** A simulator run's key (spec: testingStepId): a creator's test state, plans and items are kept under it. */
export const testingStepIdField = z
  .string({ error: (i) => (i.input === undefined ? 'testingStepId is required' : undefined) })
  .trim()
  .min(1, 'testingStepId is required')
  .max(64, 'testingStepId must be at most 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'testingStepId must be letters, digits, - or _');

/** Which flow a creator's test runs: the draft (default) or what is published (only once published). */
export const simulatedFlowField = z.enum(SIMULATED_FLOWS, { message: "flow must be 'draft' or 'published'" }).optional();

export const INSTRUCTION_MAX = 1000;

export const appNameField = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(APP_NAME_MAX, `must be at most ${APP_NAME_MAX} characters`);
export const promptField = z
  .string({ error: (i) => (i.input === undefined ? 'Describe your app idea first.' : undefined) })
  .trim()
  .min(PROMPT_MIN, `Describe your app idea in at least ${PROMPT_MIN} characters.`)
  .max(PROMPT_MAX, `Keep your app idea under ${PROMPT_MAX} characters.`);

/** Small JSON objects a client stores as they are (canvas settings, theme, editor context). */
export const jsonObject = (maxBytes: number) =>
  z
    .record(z.string(), z.unknown(), { error: 'must be a JSON object' })
    .refine((v) => JSON.stringify(v).length <= maxBytes, { message: `must be at most ${maxBytes} bytes of JSON` });

export const themeSchema = z.record(z.string().max(64), z.union([z.string().max(200), z.number(), z.boolean()]), {
  error: 'must be an object of names to text, number or true/false values',
});
export type AppTheme = z.infer<typeof themeSchema>;

/** The landing page info of spec 3 (App): its status and the page. 'pending' counts as absent (spec 4). */
export const landingPageInfoSchema = LandingPageSchema.extend({ status: z.enum(['ready', 'pending']).default('ready') });
export type LandingPageInfo = z.output<typeof landingPageInfoSchema>;

/** Build status of an app as the dashboard shows it: its latest build run. 'none': never built. */
export const buildStatusSchema = z.enum(['none', ...jobRunStatusSchema.options]);
export type BuildStatus = z.infer<typeof buildStatusSchema>;

/** The App of spec 3 as the studio sees it. */
export const appSchema = z.object({
  ...appIdentityFields,
  /** The stored app idea (spec 3 App idea), when one was given. */
  appIdea: z.string().nullable(),
  canvasSettings: z.record(z.string(), z.unknown()).nullable(),
  theme: themeSchema.nullable(),
  appImage: appImageSchema.nullable(),
  isPublished: z.boolean(),
  publishedAt: z.string().nullable(),
  lastOpenedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The latest build run (buildApp) and its state. */
  build: z.object({
    status: buildStatusSchema,
    runId: z.string().nullable(),
    percent: z.number(),
    step: z.string().nullable(),
    error: z.string().nullable(),
  }),
  /** Drafts differ from what was last published (or never published and has content). */
  hasUnpublishedChanges: z.boolean(),
  /** Only with with_landing_page_info=true; null when absent or pending. */
  landingPageInfo: landingPageInfoSchema.nullable().optional(),
});
export type CreatorApp = z.output<typeof appSchema>;

/** A published app as anyone may see it. */
export const publicAppSchema = appSchema.pick({
  appId: true,
  name: true,
  storefrontSlug: true,
  appSlug: true,
  appImage: true,
  theme: true,
  publishedAt: true,
  landingPageInfo: true,
});
export type PublicApp = z.output<typeof publicAppSchema>;

export const versionReasonSchema = z.enum(['edit', 'restore', 'ai-build', 'ai-edit']);

/** One entry of a version history (spec 3 Version history: versions have versionId). */
export const versionSchema = <C extends z.ZodType>(content: C) =>
  z.object({
    versionId: z.string(),
    number: z.number().int(),
    content,
    createdAt: z.string(),
    createdBy: z.string(),
    reason: versionReasonSchema,
    restoredFrom: z.string().nullable(),
    isPublished: z.boolean(),
  });
export const blueprintVersionSchema = versionSchema(AppBlueprintSchema);
export const landingPageVersionSchema = versionSchema(landingPageInfoSchema);
export const onboardingFlowVersionSchema = versionSchema(OnboardingFlowSchema);
export type BlueprintVersion = z.output<typeof blueprintVersionSchema>;
export type LandingPageVersion = z.output<typeof landingPageVersionSchema>;

export const blueprintExampleSchema = z.object({
  exampleId: z.string(),
  appId: z.string(),
  title: z.string(),
  content: z.string(),
  type: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlueprintExample = z.output<typeof blueprintExampleSchema>;
export const exampleTitleField = z.string().trim().min(1, 'must not be empty').max(160, 'must be at most 160 characters');
export const exampleContentField = z.string().trim().min(1, 'must not be empty').max(20_000, 'must be at most 20000 characters');
export const exampleTypeField = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(40, 'must be at most 40 characters')
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be lower-case letters, digits, - or _');

export const brainstormStatusSchema = z.enum(['queued', 'running', 'completed', 'failed', 'canceled']);
export type BrainstormStatus = z.infer<typeof brainstormStatusSchema>;
export const brainstormIdeaSchema = BrainstormIdeasSchema.shape.ideas.element;
export type BrainstormIdea = z.output<typeof brainstormIdeaSchema>;

/** The parts of an app that publishing copies live, in their fixed order. */
export const appPartSchema = z.enum(['blueprint', 'onboardingFlow', 'landingPage', 'pricing', 'theme', 'canvasSettings']);

export const unpublishedChangesSchema = z.object({
  hasUnpublishedChanges: z.boolean(),
  changed: z.array(appPartSchema),
});

/** One field that differs between the draft and the live version, as text to show ("$9.99", "“Run faster”"). */
export const fieldChangeSchema = z.object({
  /** Where it sits: "hero.title", "pages[goals].questions[level].prompt". */
  path: z.string(),
  /** The same for people: "Hero › Title". */
  label: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  before: z.string().nullable(),
  after: z.string().nullable(),
});

/** An app's prices as the studio keeps them: cents, the annual plan's unit, the free trial. */
export const appPricingSchema = z.object({
  monthlyPrice: z.number().int().nullable(),
  annualPrice: z.number().int().nullable(),
  annualDurationUnit: z.enum(['year', 'month']).nullable(),
  trialDays: z.number().int().nonnegative(),
  currency: z.string(),
});
export type AppPricingView = z.output<typeof appPricingSchema>;

/** The parts of an app its visitors see (null: none yet). */
export const visitorContentSchema = z.object({
  landingPage: LandingPageSchema.nullable(),
  onboardingFlow: OnboardingFlowSchema.nullable(),
  pricing: appPricingSchema.nullable(),
});
export type VisitorContent = z.output<typeof visitorContentSchema>;

/** What goes live: each part's draft against its live version, field by field, and whether the caller may publish. */
export const publishPreviewSchema = z.object({
  appId: z.string(),
  isPublished: z.boolean(),
  publishedAt: z.string().nullable(),
  hasUnpublishedChanges: z.boolean(),
  documents: z.array(
    z.object({
      part: appPartSchema,
      label: z.string(),
      /** new: nothing live yet; removed: live but no draft; changed; unchanged. */
      state: z.enum(['new', 'changed', 'removed', 'unchanged']),
      changes: z.array(fieldChangeSchema),
      /** Changes beyond the ones listed (a long document lists its first 40). */
      moreChanges: z.number().int().nonnegative(),
    }),
  ),
  publishing: z.object({
    allowed: z.boolean(),
    /** tier-required: the owner has no creator-platform plan yet. */
    reason: z.enum(['tier-required']).nullable(),
    /** The owner's creator-platform tier, when they have one. */
    tierSlug: z.string().nullable(),
  }),
  /**
   * What a visitor meets, live now and after publishing: the landing page, the onboarding flow and the
   * prices (the review shows them side by side). `live` is null for an app never published.
   */
  visitorView: z.object({ live: visitorContentSchema.nullable(), draft: visitorContentSchema }),
});

export const editorSuggestionsResponseSchema = EditorSuggestionsSchema.extend({
  /** True when the built-in Suggested / Stories / Activities sections answered instead of the provider (spec 8). */
  fallback: z.boolean(),
});

export type BrainstormAppsAnswer = { brainstormId: string; prompt: string; apps: BrainstormIdea[] };
