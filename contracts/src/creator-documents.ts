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

export const OnboardingQuestionSchema = z
  .object({
    id: text(64),
    prompt: text(300),
    kind: z.enum(['single', 'multi', 'text', 'number']),
    options: z.array(text(120)).min(2).max(12).optional(),
  })
  // Choice questions are unusable without choices.
  .refine((q) => (q.kind === 'single' || q.kind === 'multi' ? (q.options?.length ?? 0) >= 2 : true), {
    message: 'single and multi questions need at least two options',
    path: ['options'],
  });
export type OnboardingQuestion = z.infer<typeof OnboardingQuestionSchema>;

export const OnboardingFlowSchema = z.object({
  pages: z
    .array(z.object({ id: text(64), title: text(160), questions: z.array(OnboardingQuestionSchema).min(1).max(10) }))
    .min(1)
    .max(12),
});
export type OnboardingFlow = z.infer<typeof OnboardingFlowSchema>;

export const LandingPageSchema = z.object({
  hero: z.object({ title: text(160), subtitle: text(400), cta: text(60) }),
  sections: z
    .array(z.object({ kind: text(40), title: text(160), body: text(1200), items: z.array(text(300)).max(12).optional() }))
    .min(1)
    .max(12),
  pricingCopy: z.object({ monthly: text(300), annual: text(300) }),
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
