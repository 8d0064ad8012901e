import type { z } from 'zod';
import { SCHEMA_FOR_KIND, type AiTaskKind } from '../../src/ai/ai-provider';
import { gerund, indefiniteArticle, pluralNoun } from '../../src/devkit/ai/local-english';
import { audienceForms, subjectForms } from '../../src/devkit/ai/local-phrases';
import { LocalProvider } from '../../src/devkit/ai/local-provider';
import { extractIdea } from '../../src/devkit/ai/local-subject';
import { englishProblems, stringsOf } from './english-checks';

/**
 * The local generator's copy reads as English for any idea: one word, long, plural and uncountable
 * subjects, actions, names from other languages, ideas in other languages, and nonsense. Every string
 * of every document it writes goes through the checks in english-checks.ts.
 */
const IDEAS = [
  'a habit tracker for runners training for their first marathon',
  'sourdough baking',
  'A daily sourdough baking app for home bakers',
  'marathon training',
  'yoga',
  'Quilting',
  'chess',
  'recipes',
  'podcast',
  'journal',
  'flashcards for medical students',
  'knitting patterns for beginners',
  'plant care reminders',
  'grocery list',
  'dog walking',
  'I want to build an app that helps nurses swap shifts',
  'An app for dog owners to find walkers nearby',
  'Build me a language learning app for kids aged 6-10, with games',
  'meal planner that suggests recipes from my fridge',
  'an app to track my spending',
  'a tool that lets students split rent',
  'an app that helps busy parents plan family dinners',
  'track workouts',
  'learn Spanish',
  'a meditation timer for nurses on night shifts',
  'a running coach',
  'sleep tracker for new parents',
  'a budget for my family',
  'a book club for busy moms',
  'a HIIT workout timer',
  'an SAT prep app for high schoolers',
  'an 8-week strength program for seniors',
  'an AI tutor for high school chemistry',
  'the ultimate guide to urban gardening',
  'a simple to-do list',
  'camera',
  'my garden',
  'a marketplace for handmade jewellery',
  'Build a community for vegan bakers in Berlin',
  'an app for weddings',
  'for my first marathon',
  'Ikigai journal for retirees',
  'a Bach cantata practice app for Zürich choirs',
  'Día de los Muertos altar ideas',
  'São Paulo street food guide',
  'a bike map for Łódź',
  '食谱 planner',
  'Une application de recettes pour étudiants',
  'Una app para aprender a cocinar con amigos',
  'iPhone photography tips',
  'an umbrella sharing service for university campuses',
  'an hourly planner for freelancers',
  'a European rail pass planner for students',
  'a fridge inventory for students sharing a flat',
  'a wedding planner for couples on a budget',
  'a calm app for anxious teenagers who want to sleep better',
  'piano practice for adult beginners who never learned to read music',
  `a ${'very '.repeat(60)}long idea for ${'people '.repeat(60)}`,
  'x'.repeat(500),
  '',
  '   ',
  '?!',
];

const KINDS: AiTaskKind[] = ['blueprint', 'onboarding', 'landing-page', 'brainstorm', 'editor-suggestions'];
const EDITS = [
  'make the tone friendlier',
  'mention the free trial',
  'shorter please',
  'make the title "Run your first 10K"',
  'more formal',
  'Make the headline shorter and mention the free trial',
  'something completely different',
];
// identifiers and icon names are not prose
const PROSE = (path: string) => !/(?:^|\.)(?:id|kind|icon)$/.test(path);
const provider = new LocalProvider();

async function documentsFor(idea: string) {
  const out: { kind: string; path: string; text: string }[] = [];
  const add = (kind: string, doc: unknown) =>
    stringsOf(doc)
      .filter((s) => PROSE(s.path))
      .forEach((s) => out.push({ kind, ...s }));
  for (const kind of KINDS)
    add(kind, await provider.generate({ kind, prompt: idea }, SCHEMA_FOR_KIND[kind] as z.ZodType<unknown>));
  const page = await provider.generate({ kind: 'landing-page', prompt: idea }, SCHEMA_FOR_KIND['landing-page']);
  for (const request of EDITS)
    add(
      `landing-page-edit (${request})`,
      await provider.generate(
        { kind: 'landing-page-edit', prompt: request, context: { landingPage: page, idea } },
        SCHEMA_FOR_KIND['landing-page-edit'],
      ),
    );
  const answers = [
    { question: 'What do you most want?', answer: 'Stay motivated' },
    { question: 'What would success look like?', answer: 'I finish my first race without walking.' },
    { question: 'Minutes a week?', answer: '90' },
  ];
  add(
    'personalized-plan',
    await provider.generate(
      {
        kind: 'personalized-plan',
        prompt: idea,
        context: { appName: 'Stride', answers, expectedPhaseCount: 8, programLengthWeeks: 8 },
      },
      SCHEMA_FOR_KIND['personalized-plan'],
    ),
  );
  add(
    'personalized-plan (defaults)',
    await provider.generate({ kind: 'personalized-plan', prompt: idea }, SCHEMA_FOR_KIND['personalized-plan']),
  );
  return out;
}

describe('the checks catch the mistakes the generator used to make', () => {
  it.each([
    [
      'Most tools are built for everyone, so runners end up bending a one-size-fits-all app into a marathon training.',
      'article before a gerund',
    ],
    ['A daily sourdough baking with plans, check-ins and progress tracking.', 'article before a gerund'],
    ['A calmer recipes for students.', 'article before a plural'],
    ['Lessons that teach the craft behind a great yoga.', 'article before a uncountable'],
    ['How much experience do you have with a habit tracker tracker?', 'doubled word'],
    ['Meet Stride: an habit tracker.', '"an" before a consonant sound'],
    ['Meet Stride: a app for runners.', '"a" before a vowel sound'],
    ['The app for undefined.', 'empty slot'],
    ['Loved by  runners.', 'empty slot'],
    ['A plan built for .', 'empty slot'],
    ['Everything you need for a.', 'dangling'],
    ['Personal plan for the', 'dangling word'],
    ['turn good intentions into progress.', 'lower case'],
    ['Recipes from my fridge, made simple.', 'first person'],
  ])('%s', (text, problem) => {
    expect(englishProblems(text).join('\n')).toContain(problem);
  });

  it.each([
    'An app for swapping shifts built for nurses.',
    'A sourdough baking app that keeps home bakers on track.',
    'An hour a day, a unique plan and a one-off fee: an SAT prep app, an AI tutor and a UX review.',
    'Momentum fades after a few weeks.',
    'An 8-week plan in 8 phases, built around “Stay motivated”.',
  ])('passes good English: %s', (text) => {
    expect(englishProblems(text)).toEqual([]);
  });
});

describe('the English rules', () => {
  it.each([
    ['habit tracker', 'a'],
    ['app for swapping shifts', 'an'],
    ['AI tutor', 'an'],
    ['SAT prep app', 'an'],
    ['UX review', 'a'],
    ['HIIT workout timer', 'a'],
    ['8-week plan', 'an'],
    ['18-month plan', 'an'],
    ['6-week plan', 'a'],
    ['hourly planner', 'an'],
    ['umbrella sharing app', 'an'],
    ['university app', 'a'],
    ['European rail pass planner', 'a'],
    ['one-size-fits-all app', 'a'],
    ['Ikigai journal', 'an'],
    ['食谱 planner', 'a'],
  ])('%s takes "%s"', (phrase, article) => {
    expect(indefiniteArticle(phrase)).toBe(article);
  });

  it.each([
    ['swap', 'swapping'],
    ['make', 'making'],
    ['find', 'finding'],
    ['plan', 'planning'],
    ['learn', 'learning'],
    ['tie', 'tying'],
    ['see', 'seeing'],
    ['visit', 'visiting'],
    ['travel', 'travelling'],
  ])('%s -> %s', (verb, ing) => expect(gerund(verb)).toBe(ing));

  it.each([
    ['bakery', 'bakeries'],
    ['coach', 'coaches'],
    ['mom', 'moms'],
    ['child', 'children'],
    ['runners', 'runners'],
  ])('plural of %s is %s', (noun, plural) => expect(pluralNoun(noun)).toBe(plural));

  it.each([
    ['habit tracker', 'thing', 'habit tracker', 'habit tracking'],
    ['sourdough baking', 'mass', 'sourdough baking app', 'sourdough baking'],
    ['yoga', 'mass', 'yoga app', 'yoga'],
    ['recipes', 'plural', 'recipes app', 'recipes'],
    ['swap shifts', 'action', 'app for swapping shifts', 'swapping shifts'],
    ['track workouts', 'action', 'app for tracking workouts', 'tracking workouts'],
    ['running coach', 'thing', 'running coach', 'running'],
    ['grocery list', 'thing', 'grocery list', 'groceries'],
    ['garden', 'thing', 'garden app', 'gardening'],
    ['camera', 'thing', 'camera app', 'camera goals'],
    ['book club', 'thing', 'book club app', 'books'],
    ['Ikigai journal', 'thing', 'Ikigai journal', 'Ikigai journaling'],
    ['Día de los Muertos', 'name', 'Día de los Muertos app', 'Día de los Muertos'],
  ])('%s is a %s: %s / %s', (subject, kind, product, topic) => {
    expect(subjectForms(subject)).toEqual({ kind, product, topic });
  });

  it.each([
    ['runners training for their first marathon', 'runners training for their first marathon'],
    ['my mom', 'moms'],
    ['a small bakery', 'small bakeries'],
    ['kids aged 6-10', 'kids aged 6-10'],
    ['my first marathon', 'people focused on their first marathon'],
    ['weddings', 'people focused on weddings'],
    ['everyone', 'people who want to make a change'],
    ['', 'people who want to make a change'],
  ])('the audience "%s" reads "%s"', (raw, audience) => {
    expect(audienceForms(raw).audience).toBe(audience);
  });

  it('keeps names as they are written and drops the prompt’s first person', () => {
    expect(extractIdea('a Bach cantata practice app for Zürich choirs')).toMatchObject({
      subject: 'Bach cantata practice',
      audience: 'Zürich choirs',
    });
    expect(extractIdea('São Paulo street food guide').subject).toBe('São Paulo street food guide');
    expect(extractIdea('an app to track my spending')).toMatchObject({ subject: 'track spending', topic: 'tracking spending' });
  });
});

describe('the local generator writes grammatical, specific English', () => {
  it(`checks ${IDEAS.length} ideas`, () => expect(IDEAS.length).toBeGreaterThanOrEqual(50));

  it.each(IDEAS.map((idea) => [idea.length > 60 ? `${idea.slice(0, 57)}…` : idea || '(empty)', idea]))(
    '%s',
    async (_label, idea) => {
      const problems = (await documentsFor(idea)).flatMap(({ kind, path, text }) =>
        englishProblems(text).map((p) => `${kind} ${path}: ${p}   [${text}]`),
      );
      expect(problems).toEqual([]);
    },
  );

  it.each([
    ['a habit tracker for runners training for their first marathon', ['habit tracker', 'runners']],
    ['sourdough baking', ['sourdough baking']],
    ['I want to build an app that helps nurses swap shifts', ['swapping shifts', 'nurses']],
    ['a Bach cantata practice app for Zürich choirs', ['Bach cantata practice', 'Zürich choirs']],
    ['learn Spanish', ['learning Spanish']],
  ])('is specific to "%s": its blueprint and landing page name it', async (idea, words) => {
    const text = JSON.stringify([
      await provider.generate({ kind: 'blueprint', prompt: idea }, SCHEMA_FOR_KIND.blueprint),
      await provider.generate({ kind: 'landing-page', prompt: idea }, SCHEMA_FOR_KIND['landing-page']),
    ]);
    for (const w of words) expect(text).toContain(w);
  });
});
