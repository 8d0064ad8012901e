import type { AppBlueprint, LandingPage, OnboardingFlow } from '@sparkhouse/contracts';
import { capitalise, titleCase, type Fill, type TemplateCtx as Ctx } from './local-subject';

/**
 * Template banks for the local generator's app documents (blueprint, onboarding, landing page). Every template weaves in the creator's subject or
 * audience so the result reads as *their* idea, not lorem ipsum.
 */

const NAME_SUFFIXES = ['Pro', 'Hub', 'Lab', 'Go', 'Studio', 'Coach', 'Daily', 'Path'];
const TAGLINES: Fill[] = [
  (c) => `The ${c.subject} built for ${c.audience}.`,
  (c) => `${capitalise(c.subject)} that keeps ${c.audience} on track.`,
  (c) => `A calmer ${c.subject} for ${c.audience}.`,
  (c) => `Your ${c.subject}, made simple for ${c.audience}.`,
];
const PROBLEMS: Fill[] = [
  (c) =>
    `${capitalise(c.audience)} juggle scattered notes and generic apps; none of them is a ${c.subject} shaped around their goals, so momentum fades after a few weeks.`,
  (c) =>
    `Most tools are built for everyone, so ${c.audience} end up bending a one-size-fits-all app into a ${c.subject}. They lose time, motivation and sight of their progress.`,
  (c) =>
    `${capitalise(c.audience)} know what they want to achieve but lack a ${c.subject} that turns it into small daily steps and shows them how far they have come.`,
];
const FEATURES: Array<{ title: Fill; description: Fill }> = [
  {
    title: (c) => `Personal ${c.subject} plan`,
    description: (c) => `A plan generated from onboarding answers, tuned to where ${c.audience} are starting from.`,
  },
  {
    title: () => 'Daily check-ins',
    description: (c) => `Thirty-second check-ins keep the ${c.subject} current without feeling like homework.`,
  },
  {
    title: () => 'Progress at a glance',
    description: (c) => `Streaks, charts and milestones show ${c.audience} how far they have come.`,
  },
  {
    title: () => 'Smart reminders',
    description: (c) => `Nudges arrive at the moments ${c.audience} usually act, never in the middle of the night.`,
  },
  {
    title: () => 'Guided lessons',
    description: (c) => `Short lessons from the creator explain the why behind every ${c.subject} step.`,
  },
  { title: () => 'Community circle', description: (c) => `A small space where ${c.audience} share wins and questions.` },
  { title: () => 'Offline friendly', description: (c) => `The ${c.subject} works without signal and syncs when back online.` },
  {
    // The last keyword outside the subject is usually the goal ("marathon").
    title: (c) => `${capitalise(c.keywords.filter((k) => !c.subject.includes(k)).at(-1) ?? c.subject)} insights`,
    description: (c) => `Weekly summaries highlight what moved the needle for your ${c.subject}.`,
  },
];
const MONETISATION = [
  'Free 7-day trial, then a monthly subscription; an annual plan saves about two months.',
  'Free core features; a premium subscription (monthly or annual) unlocks plans, lessons and insights.',
  'Monthly and annual subscription tiers, with the annual plan preselected as the best value.',
];
const TONES = [
  'Warm, encouraging and practical',
  'Calm, clear and confident',
  'Upbeat, friendly and concise',
  'Expert but approachable',
];

export function appName(c: Ctx): string {
  const base = titleCase(c.subject);
  // Short subjects get a suffix so the name feels like a product, long ones stay as they are.
  return base.length <= 14 ? `${base} ${c.rng.pick(NAME_SUFFIXES)}` : base.slice(0, 40).trim();
}

export function blueprint(c: Ctx): AppBlueprint {
  return {
    name: appName(c),
    tagline: c.rng.pick(TAGLINES)(c),
    audience: capitalise(c.audience),
    problem: c.rng.pick(PROBLEMS)(c),
    features: c.rng.sample(FEATURES, c.rng.int(4, 5)).map((f) => ({ title: f.title(c), description: f.description(c) })),
    monetisation: c.rng.pick(MONETISATION),
    tone: c.rng.pick(TONES),
  };
}

export function onboarding(c: Ctx): OnboardingFlow {
  const name = appName(c);
  return {
    pages: [
      {
        id: 'goals',
        title: `Welcome to ${name}`,
        questions: [
          {
            id: 'main-goal',
            prompt: `What do you most want from your ${c.subject}?`,
            kind: 'single',
            options: c.rng.sample(
              [
                'Build a steady routine',
                'Reach a specific goal',
                'Understand my progress',
                'Stay motivated',
                'Save time every week',
              ],
              4,
            ),
          },
          { id: 'goal-detail', prompt: 'In one sentence, what would success look like for you?', kind: 'text' },
        ],
      },
      {
        id: 'experience',
        title: 'Where are you starting from?',
        questions: [
          {
            id: 'level',
            prompt: `How much experience do you have with a ${c.subject}?`,
            kind: 'single',
            options: ['Just starting', 'Some experience', 'Very experienced'],
          },
          { id: 'weekly-time', prompt: 'How many minutes a week can you give it?', kind: 'number' },
        ],
      },
      {
        id: 'preferences',
        title: 'Make it yours',
        questions: [
          {
            id: 'focus-areas',
            prompt: `Which parts of the ${c.subject} matter most to you?`,
            kind: 'multi',
            options: c.rng.sample(
              ['Reminders', 'Progress charts', 'Guided lessons', 'Community', 'Weekly summaries', 'Offline use'],
              4,
            ),
          },
          {
            id: 'reminder-time',
            prompt: 'When should we nudge you?',
            kind: 'single',
            options: ['Morning', 'Midday', 'Evening', 'No reminders'],
          },
        ],
      },
    ],
  };
}

export function landingPage(c: Ctx): LandingPage {
  const name = appName(c);
  const bp = blueprint(c);
  return {
    hero: {
      title: c.rng.pick([
        `The ${c.subject} for ${c.audience}`,
        `${capitalise(c.subject)}, finally made for you`,
        `Meet ${name}: your ${c.subject}`,
      ]),
      subtitle: `${name} helps ${c.audience} turn good intentions into steady progress, one small step a day.`,
      cta: c.rng.pick(['Start free trial', 'Get started', 'Try it free', 'Join now']),
    },
    sections: [
      {
        kind: 'features',
        title: `Everything your ${c.subject} needs`,
        body: bp.problem,
        items: bp.features.map((f) => `${f.title}: ${f.description}`),
      },
      {
        kind: 'how-it-works',
        title: 'How it works',
        body: `Answer a few questions, get a plan shaped around you, and check in daily. ${name} adapts as you go.`,
        items: ['Tell us your goal', 'Get your personal plan', 'Check in and watch progress grow'],
      },
      {
        kind: 'testimonial',
        title: `Loved by ${c.audience}`,
        body: `"I tried three apps before ${name}. This is the first ${c.subject} I still open every day."`,
      },
      {
        kind: 'faq',
        title: 'Questions',
        body: `Everything you need to know before starting your ${c.subject}.`,
        items: [
          'Can I cancel anytime? Yes, in two taps.',
          'Does it work offline? Yes, and it syncs later.',
          `Is it for beginners? ${name} adapts to every level.`,
        ],
      },
    ],
    pricingCopy: {
      monthly: `Full access to ${name}, billed monthly. Cancel anytime.`,
      annual: `Everything in monthly, billed once a year: about two months free for committed ${c.audience}.`,
    },
  };
}

/** Edit: keep the creator's current page when given, and rewrite the hero around the request. */
export function editLandingPage(c: Ctx, current: LandingPage | undefined, request: string): LandingPage {
  const base = current ?? landingPage(c);
  const note = request.trim().replace(/\s+/g, ' ').slice(0, 180) || `Refined for ${c.audience}`;
  return {
    ...base,
    hero: { ...base.hero, subtitle: `${capitalise(note)}. ${base.hero.subtitle}`.slice(0, 400) },
  };
}
