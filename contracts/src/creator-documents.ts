import { z } from 'zod';

/**
 * The creator studio's generated documents: the structured outputs the AI providers must produce,
 * validated the same way wherever they are read or written. Limits are generous on purpose:
 * they reject broken answers (missing fields, empty lists) without rejecting good prose.
 */
const text = (max: number) => z.string().trim().min(1).max(max);

export const AppBlueprintSchema = z.object({
  name: text(60),
  tagline: text(200),
  audience: text(300),
  problem: text(1000),
  features: z
    .array(z.object({ title: text(120), description: text(600) }))
    .min(1)
    .max(12),
  monetisation: text(600),
  tone: text(200),
});
export type AppBlueprint = z.infer<typeof AppBlueprintSchema>;

/** What a visitor answers: one choice, several choices, free text, a number, a date. */
export const ONBOARDING_QUESTION_KINDS = ['single', 'multi', 'text', 'number', 'date'] as const;
export type OnboardingQuestionKind = (typeof ONBOARDING_QUESTION_KINDS)[number];

export const OnboardingQuestionSchema = z
  .object({
    id: text(64),
    prompt: text(300),
    kind: z.enum(ONBOARDING_QUESTION_KINDS),
    options: z.array(text(120)).min(2).max(12).optional(),
    /** Unless false, the visitor must answer before going on. */
    required: z.boolean().optional(),
    /** Bounds of a number answer. */
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    /** A hint shown in an empty text or number field, e.g. a unit. */
    placeholder: z.string().trim().max(120).optional(),
  })
  // Choice questions are unusable without choices.
  .refine((q) => (q.kind === 'single' || q.kind === 'multi' ? (q.options?.length ?? 0) >= 2 : true), {
    message: 'single and multi questions need at least two options',
    path: ['options'],
  })
  .refine((q) => !q.options || new Set(q.options.map((o) => o.trim().toLowerCase())).size === q.options.length, {
    message: 'options must differ from each other',
    path: ['options'],
  })
  .refine((q) => q.min === undefined || q.max === undefined || q.min <= q.max, {
    message: 'min must not be above max',
    path: ['min'],
  });
export type OnboardingQuestion = z.infer<typeof OnboardingQuestionSchema>;

/**
 * One step of the flow. A page with no questions is an info page: it shows its body and a button on.
 */
export const OnboardingPageSchema = z
  .object({
    id: text(64),
    title: text(160),
    body: z.string().trim().max(1200).optional(),
    questions: z.array(OnboardingQuestionSchema).max(10),
  })
  .refine((p) => p.questions.length > 0 || (p.body ?? '').length > 0, {
    message: 'an info page (no questions) needs a text',
    path: ['body'],
  });
export type OnboardingPage = z.infer<typeof OnboardingPageSchema>;

export const OnboardingFlowSchema = z
  .object({ pages: z.array(OnboardingPageSchema).min(1).max(12) })
  // answers are stored by question id and progress by page id: both must be unambiguous
  .superRefine((flow, ctx) => {
    const pageIds = new Set<string>();
    const questionIds = new Set<string>();
    flow.pages.forEach((page, p) => {
      if (pageIds.has(page.id))
        ctx.addIssue({ code: 'custom', message: `page id "${page.id}" is used twice`, path: ['pages', p, 'id'] });
      pageIds.add(page.id);
      page.questions.forEach((q, i) => {
        if (questionIds.has(q.id))
          ctx.addIssue({
            code: 'custom',
            message: `question id "${q.id}" is used twice`,
            path: ['pages', p, 'questions', i, 'id'],
          });
        questionIds.add(q.id);
      });
    });
  });
export type OnboardingFlow = z.infer<typeof OnboardingFlowSchema>;

/**
 * A personalized plan as a provider writes it. Phases are taken loosely on purpose: a phase counts
 * only with both id and title (isValidPhase), and the worker regenerates a plan with too few.
 */
export const PlanPhaseSchema = z.object({
  id: z.string().max(64).optional(),
  title: z.string().max(160).optional(),
  description: z.string().max(1200).optional(),
  /** e.g. "Weeks 1-2". */
  when: z.string().max(60).optional(),
});
export type PlanPhase = z.infer<typeof PlanPhaseSchema>;

export const PersonalizedPlanSchema = z.object({
  title: text(160),
  summary: text(1200),
  phases: z.array(PlanPhaseSchema).min(1).max(40),
});
export type PersonalizedPlanDocument = z.infer<typeof PersonalizedPlanSchema>;

/** An image placed on the landing page (generated into the app's media, or chosen by the creator). */
export const LandingImageSchema = z.object({ url: text(500), alt: z.string().trim().max(200) });
export type LandingImage = z.infer<typeof LandingImageSchema>;

/** A store-listing screenshot of the app. */
export const LandingScreenshotSchema = z.object({ url: text(500), caption: text(160) });
export const LANDING_SCREENSHOTS_MAX = 6;

export const LandingPageSchema = z.object({
  hero: z.object({ title: text(160), subtitle: text(400), cta: text(60), image: LandingImageSchema.optional() }),
  sections: z
    .array(
      z.object({
        kind: text(40),
        title: text(160),
        body: text(1200),
        items: z.array(text(300)).max(12).optional(),
        image: LandingImageSchema.optional(),
      }),
    )
    .min(1)
    .max(12),
  pricingCopy: z.object({ monthly: text(300), annual: text(300) }),
  screenshots: z.array(LandingScreenshotSchema).max(LANDING_SCREENSHOTS_MAX).optional(),
});
export type LandingPage = z.infer<typeof LandingPageSchema>;

export const BrainstormIdeasSchema = z.object({
  ideas: z
    .array(z.object({ title: text(120), pitch: text(600), audience: text(300) }))
    .min(3)
    .max(8),
});
export type BrainstormIdeas = z.infer<typeof BrainstormIdeasSchema>;

export const EditorSuggestionItemSchema = z.object({ id: text(64), title: text(120), icon: text(40), content: text(1200) });
export type EditorSuggestionItem = z.infer<typeof EditorSuggestionItemSchema>;

export const EditorSuggestionsSchema = z.object({
  sections: z
    .array(z.object({ title: text(80), items: z.array(EditorSuggestionItemSchema).min(1).max(20) }))
    .min(1)
    .max(10),
});
export type EditorSuggestions = z.infer<typeof EditorSuggestionsSchema>;

/**
 * Built-in editor suggestions, shown when the provider fails or does not answer in time (spec 8:
 * Suggested, Stories and Activities with sample items). One copy for the workers and the API.
 */
export const DEFAULT_EDITOR_SUGGESTIONS: EditorSuggestions = {
  sections: [
    {
      title: 'Suggested',
      items: [
        {
          id: 'default-welcome',
          title: 'Welcome message',
          icon: 'sparkles',
          content: 'Greet new members and tell them what the app will help them do.',
        },
        {
          id: 'default-getting-started',
          title: 'Getting started',
          icon: 'play-circle',
          content: 'A short first step members can finish in under five minutes.',
        },
      ],
    },
    {
      title: 'Stories',
      items: [
        {
          id: 'default-story-creator',
          title: 'Meet the creator',
          icon: 'book-open',
          content: 'Share why you made this app and who it is for.',
        },
        {
          id: 'default-story-member',
          title: 'A member success story',
          icon: 'trophy',
          content: 'Show what progress looks like for someone like them.',
        },
      ],
    },
    {
      title: 'Activities',
      items: [
        {
          id: 'default-activity-checkin',
          title: 'Daily check-in',
          icon: 'check-circle',
          content: 'A quick daily question to keep members engaged.',
        },
        {
          id: 'default-activity-reflection',
          title: 'Weekly reflection',
          icon: 'edit-3',
          content: 'Three prompts to review the week and plan the next one.',
        },
      ],
    },
  ],
};
