import type { AppBlueprint, LandingPage, OnboardingFlow } from '@sparkhouse/contracts';
import { withArticle } from './local-english';
import { capitalise, titleCase, type Fill, type TemplateCtx as Ctx } from './local-subject';

/**
 * Template banks for the local generator's app documents (blueprint, onboarding, landing page). Every template weaves in the creator's subject or
 * audience so the result reads as *their* idea, not lorem ipsum.
 */

const NAME_SUFFIXES = ['Pro', 'Hub', 'Lab', 'Go', 'Studio', 'Coach', 'Daily', 'Path'];
const TAGLINES: Fill[] = [
  (c) => `The ${c.product} built for ${c.audience}.`,
  (c) => `${capitalise(withArticle(c.product))} that keeps ${c.audience} on track.`,
  (c) => `${capitalise(c.topic)}, made simple for ${c.audience}.`,
  (c) => `Everything ${c.audience} need for ${c.topic}, in one app.`,
];
const PROBLEMS: Fill[] = [
  (c) =>
    `${capitalise(c.audience)} juggle scattered notes and generic apps; none of them is ${withArticle(c.product)} shaped around their goals, so momentum fades after a few weeks.`,
  (c) =>
    `Most tools are built for everyone, so ${c.audience} end up bending a one-size-fits-all app into ${withArticle(c.product)}. They lose time, motivation and sight of their progress.`,
  (c) =>
    `${capitalise(c.audience)} know what they want to achieve but lack ${withArticle(c.product)} that turns it into small daily steps and shows them how far they have come.`,
];
const FEATURES: Array<{ title: Fill; description: Fill }> = [
  {
    title: () => 'Personal plan',
    description: (c) => `A plan for ${c.topic} built from onboarding answers, tuned to where ${c.audience} are starting from.`,
  },
  {
    title: () => 'Daily check-ins',
    description: () => 'Thirty-second check-ins keep the plan current without feeling like homework.',
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
    description: (c) => `Short lessons from the creator explain the why behind every step of ${c.topic}.`,
  },
  { title: () => 'Community circle', description: (c) => `A small space where ${c.audience} share wins and questions.` },
  {
    title: () => 'Offline friendly',
    description: (c) => `The ${c.product} works without signal and syncs when it is back online.`,
  },
  {
    title: () => 'Weekly insights',
    description: (c) => `Weekly summaries highlight what moved the needle for ${c.topic}.`,
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

/** A product-like name: the subject in title case, short ones with a suffix it does not already end in. */
export function appName(c: Ctx): string {
  const base = titleCase(c.subject);
  const last = base.split(' ').at(-1)?.toLowerCase();
  const suffix = c.rng.pick(NAME_SUFFIXES.filter((s) => s.toLowerCase() !== last));
  if (base.length <= 14) return `${base} ${suffix}`;
  return base.length <= 40 ? base : base.slice(0, 40).replace(/\s+\S*$/, '');
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
            prompt: `What do you most want from ${c.topic}?`,
            kind: 'single',
            options: c.rng.sample(
              [
                'Build a steady routine',
                'Reach a specific goal',
                'See progress clearly',
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
            prompt: `How much experience do you have with ${c.topic}?`,
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
            prompt: `Which parts of ${name} matter most to you?`,
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
        `The ${c.product} for ${c.audience}`,
        `${capitalise(c.topic)}, finally made for you`,
        `Meet ${name}, your ${c.product}`,
      ]),
      subtitle: `${name} helps ${c.audience} turn good intentions into steady progress, one small step a day.`,
      cta: c.rng.pick(['Start free trial', 'Get started', 'Try it free', 'Join now']),
    },
    sections: [
      {
        kind: 'features',
        title: `Everything you need for ${c.topic}`,
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
        body: `“I tried three apps before ${name}. This is the first ${c.product} I still open every day.”`,
      },
      {
        kind: 'faq',
        title: 'Questions',
        body: `Everything you need to know before you start with ${name}.`,
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

const FRIENDLY_SUBTITLES: Fill[] = [
  (c) => `Hey there! A plan that fits your week makes ${c.topic} easier, with a nudge when you need one.`,
  (c) => `Made with love for ${c.audience}: small steps, friendly reminders and a plan that grows with you.`,
];
const FORMAL_SUBTITLES: Fill[] = [
  (c) => `A structured programme for ${c.audience}, with a personal plan, measurable milestones and expert guidance.`,
  (c) => `Designed for ${c.audience} who value clear goals, reliable routines and visible results.`,
];
const FRESH_SUBTITLES: Fill[] = [
  (c) => `A personal plan for ${c.topic}, daily check-ins and progress you can see, made for ${c.audience}.`,
  (c) => `Less guesswork, more progress: a plan for ${c.topic} that adapts to ${c.audience} as they go.`,
  (c) => `Start small, keep going and watch the streak grow. Built for ${c.audience}.`,
];

/** The first quoted text in a request ("make the title “Run your first 10K”"). */
const quoted = (request: string) => /["“”'‘’«]([^"“”'‘’»]{2,160})["“”'‘’»]/.exec(request)?.[1]?.trim();
/** Copy never carries "my": the page speaks to the member. */
const asMembers = (s: string) => s.replace(/\bmy\b/gi, 'your').replace(/\bour\b/gi, 'your');

/** A title cut to its first part ("The habit tracker for runners…" -> "The habit tracker"). */
function shorterTitle(title: string): string {
  const cut = [': ', ' — ', ' - ', ', ', ' for ', ' with ', ' that ']
    .map((m) => title.indexOf(m))
    .filter((i) => i > 0 && title.slice(0, i).split(' ').length >= 2)
    .sort((a, b) => a - b)[0];
  return cut ? title.slice(0, cut) : title.split(' ').slice(0, 4).join(' ');
}

/**
 * Edit: keep the creator's current page when given and change what the request asks for, in the
 * page's own voice (the request itself is never pasted into the copy): quoted text becomes the title,
 * subtitle or button it names; friendlier or more formal rewrite the subtitle; shorter shortens the
 * headline or the subtitle; "mention …" adds a line. A request none of these match gets a fresh subtitle.
 */
export function editLandingPage(c: Ctx, current: LandingPage | undefined, request: string): LandingPage {
  const base = current ?? landingPage(c);
  const wants = request.toLowerCase();
  const text = quoted(request);
  const hero = { ...base.hero };
  const aboutTitle = /\b(?:title|headline|heading)\b/.test(wants);
  const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);
  let applied = false;
  if (text) {
    if (aboutTitle) hero.title = text.slice(0, 120);
    else if (/\b(?:button|cta|call to action)\b/.test(wants)) hero.cta = text.slice(0, 40);
    else hero.subtitle = sentence(text);
    applied = true;
  }
  if (/\b(?:friendl|warm|casual|fun|playful)/.test(wants)) {
    hero.subtitle = c.rng.pick(FRIENDLY_SUBTITLES)(c);
    applied = true;
  } else if (/\b(?:formal|professional|serious|expert)/.test(wants)) {
    hero.subtitle = c.rng.pick(FORMAL_SUBTITLES)(c);
    applied = true;
  }
  if (/\b(?:short|shorter|concise|brief|trim|tighter)\b/.test(wants)) {
    if (aboutTitle && !text) hero.title = shorterTitle(hero.title);
    else hero.subtitle = /^(.+?[.!?])\s/.exec(hero.subtitle)?.[1] ?? hero.subtitle.split(',')[0];
    applied = true;
  }
  const mention = /\b(?:mention|add|include|highlight|talk about)\s+(?:that\s+)?(.{3,120}?)[.!]?$/i.exec(request.trim())?.[1];
  if (mention) {
    hero.subtitle = `${hero.subtitle} Also included: ${sentence(asMembers(mention.trim()))}`;
    applied = true;
  }
  if (!applied) hero.subtitle = c.rng.pick(FRESH_SUBTITLES.map((f) => f(c)).filter((s) => s !== base.hero.subtitle));
  hero.subtitle = hero.subtitle.slice(0, 400);
  return { ...base, hero };
}
