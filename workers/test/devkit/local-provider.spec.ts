import type { z } from 'zod';
import { AI_TASK_KINDS, AiProviderError, SCHEMA_FOR_KIND, type AiTaskKind } from '../../src/ai/ai-provider';
import { LocalProvider } from '../../src/devkit/ai/local-provider';
import { extractIdea } from '../../src/devkit/ai/local-subject';
import {
  AppBlueprintSchema,
  BrainstormIdeasSchema,
  EditorSuggestionsSchema,
  LandingPageSchema,
  OnboardingFlowSchema,
  type LandingPage,
} from '@sparkhouse/contracts';

const MARATHON = 'a habit tracker for runners training for their first marathon';
const provider = new LocalProvider();

describe('extractIdea', () => {
  it.each([
    [MARATHON, 'habit tracker', 'runners training for their first marathon'],
    ['I want to build an app that helps nurses swap shifts', 'swap shifts', 'nurses'],
    ['An app for dog owners to find walkers nearby', 'find walkers nearby', 'dog owners'],
    ['Build me a language learning app for kids aged 6-10, with games', 'language learning', 'kids aged 6-10'],
    ['meal planner that suggests recipes from my fridge', 'meal planner', 'people who want to make a change'],
  ])('%s', (prompt, subject, audience) => {
    expect(extractIdea(prompt)).toMatchObject({ subject, audience });
  });

  it('falls back to a generic subject and audience for empty prompts', () => {
    expect(extractIdea('   ?! ')).toMatchObject({ subject: 'good habits', keywords: [] });
  });

  it('bounds the parts for very long prompts', () => {
    const idea = extractIdea(`a ${'supercalifragilistic '.repeat(50)}planner for ${'extraordinarily '.repeat(80)}busy parents`);
    expect(idea.subject.length).toBeLessThanOrEqual(40);
    expect(idea.audience.length).toBeLessThanOrEqual(80);
  });
});

describe('LocalProvider', () => {
  it('is labelled as the local generator', () => {
    expect(provider.name).toBe('local-generator');
    expect(provider.isLocal).toBe(true);
  });

  it.each(AI_TASK_KINDS)('is deterministic for %s', async (kind) => {
    const schema: z.ZodType<unknown> = SCHEMA_FOR_KIND[kind];
    const a = await provider.generate({ kind, prompt: MARATHON }, schema);
    const b = await new LocalProvider().generate({ kind, prompt: MARATHON }, schema);
    expect(b).toEqual(a);
  });

  it.each(['blueprint', 'landing-page', 'brainstorm', 'onboarding', 'editor-suggestions'] as AiTaskKind[])(
    'gives a different %s for a different prompt',
    async (kind) => {
      const schema: z.ZodType<unknown> = SCHEMA_FOR_KIND[kind];
      const a = await provider.generate({ kind, prompt: MARATHON }, schema);
      const b = await provider.generate({ kind, prompt: 'a meditation timer for nurses on night shifts' }, schema);
      expect(b).not.toEqual(a);
    },
  );

  it('uses the subject and audience in the blueprint', async () => {
    const bp = await provider.generate({ kind: 'blueprint', prompt: MARATHON }, AppBlueprintSchema);
    expect(bp.name.toLowerCase()).toContain('habit tracker');
    expect(bp.tagline.toLowerCase()).toContain('habit track');
    expect(bp.audience.toLowerCase()).toContain('runners training for their first marathon');
    expect(bp.features.length).toBeGreaterThanOrEqual(4);
  });

  it('uses the subject in the landing hero and the onboarding questions', async () => {
    const page = await provider.generate({ kind: 'landing-page', prompt: MARATHON }, LandingPageSchema);
    expect(page.hero.title.toLowerCase()).toContain('habit track');
    const flow = await provider.generate({ kind: 'onboarding', prompt: MARATHON }, OnboardingFlowSchema);
    const prompts = flow.pages.flatMap((p) => p.questions.map((q) => q.prompt.toLowerCase()));
    expect(prompts.some((p) => p.includes('habit track'))).toBe(true);
    expect(new Set(flow.pages.flatMap((p) => p.questions.map((q) => q.kind)))).toEqual(
      new Set(['single', 'multi', 'text', 'number']),
    );
  });

  it('brainstorms 3-8 distinct ideas around the subject', async () => {
    const { ideas } = await provider.generate({ kind: 'brainstorm', prompt: MARATHON }, BrainstormIdeasSchema);
    expect(ideas.length).toBeGreaterThanOrEqual(3);
    expect(ideas.length).toBeLessThanOrEqual(8);
    expect(new Set(ideas.map((i) => i.title)).size).toBe(ideas.length);
    for (const idea of ideas) expect(idea.title.toLowerCase()).toContain('habit tracker');
  });

  it('gives editor suggestions in Suggested, Stories and Activities sections', async () => {
    const s = await provider.generate({ kind: 'editor-suggestions', prompt: MARATHON }, EditorSuggestionsSchema);
    expect(s.sections.map((x) => x.title)).toEqual(['Suggested', 'Stories', 'Activities']);
  });

  it('edits the current landing page from context instead of starting over', async () => {
    const current: LandingPage = await provider.generate({ kind: 'landing-page', prompt: MARATHON }, LandingPageSchema);
    const edited = await provider.generate(
      { kind: 'landing-page-edit', prompt: 'make the tone friendlier', context: { landingPage: current, idea: MARATHON } },
      LandingPageSchema,
    );
    expect(edited.sections).toEqual(current.sections);
    expect(edited.hero.title).toBe(current.hero.title);
    // the request is applied in the page's own voice, never pasted into it
    expect(edited.hero.subtitle).not.toBe(current.hero.subtitle);
    expect(edited.hero.subtitle.toLowerCase()).not.toContain('make the tone');
  });

  it('sets quoted text where the request says, adds what it asks to mention, shortens on request', async () => {
    const current: LandingPage = await provider.generate({ kind: 'landing-page', prompt: MARATHON }, LandingPageSchema);
    const edit = (prompt: string) =>
      provider.generate(
        { kind: 'landing-page-edit', prompt, context: { landingPage: current, idea: MARATHON } },
        LandingPageSchema,
      );
    expect((await edit('make the title "Run your first 10K"')).hero.title).toBe('Run your first 10K');
    expect((await edit('button text “Start my plan”')).hero.cta).toBe('Start my plan');
    expect((await edit('mention the free trial')).hero.subtitle).toMatch(/Also included: the free trial\.$/);
    const shorter = await edit('shorter please');
    expect(shorter.hero.subtitle.length).toBeLessThan(current.hero.subtitle.length);
    // several asks in one request are all applied
    const both = await edit('Make the headline shorter and mention the free trial');
    expect(both.hero.title.length).toBeLessThan(current.hero.title.length);
    expect(both.hero.subtitle).toBe(`${current.hero.subtitle} Also included: the free trial.`);
  });

  const prompts = [
    MARATHON,
    '',
    '   ',
    '?',
    'yoga',
    'I want to build an app that helps nurses swap shifts',
    `a ${'very '.repeat(400)}long idea for ${'people '.repeat(400)}`,
    'x'.repeat(5000),
    'Une application de recettes pour étudiants — 食谱 🍜',
  ];
  it.each(prompts.flatMap((prompt) => AI_TASK_KINDS.map((kind) => [kind, prompt] as const)))(
    'answers %s within its schema for %#',
    async (kind, prompt) => {
      const schema: z.ZodType<unknown> = SCHEMA_FOR_KIND[kind];
      const out = await provider.generate({ kind, prompt }, schema);
      expect(schema.safeParse(out).success).toBe(true);
    },
  );

  it('fails with AiProviderError when the caller asks for a schema the kind cannot satisfy', async () => {
    const err = await provider.generate({ kind: 'brainstorm', prompt: MARATHON }, AppBlueprintSchema).catch((e) => e);
    expect(err).toBeInstanceOf(AiProviderError);
    expect(err.reason).toBe('unsupported');
    expect(err.message).toMatch(/brainstorm answer did not match/);
  });
});
