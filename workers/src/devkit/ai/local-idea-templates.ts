import type { BrainstormIdeas, EditorSuggestions } from '@sparkhouse/contracts';
import { withArticle } from './local-english';
import { capitalise, titleCase, type Fill, type TemplateCtx as Ctx } from './local-subject';

/** Template banks for the local generator's idea lists: brainstorm angles and editor suggestions. */
/** An adjective before the audience, unless it already starts with it ("busy busy parents"). */
const before = (adjective: string, audience: string) =>
  audience.toLowerCase().startsWith(`${adjective} `) ? audience : `${adjective} ${audience}`;

/** A name with a word after the subject, unless the subject already ends in it ("Running Coach Coach"). */
const named = (c: Ctx, word: string, fallback: string) => {
  const base = titleCase(c.subject);
  return base.toLowerCase().endsWith(word.toLowerCase()) ? `${base} ${fallback}` : `${base} ${word}`;
};

const IDEA_ANGLES: Array<{ title: Fill; pitch: Fill; audience: Fill }> = [
  {
    title: (c) => named(c, 'Companion', 'Daily'),
    pitch: (c) => `A daily companion for ${c.topic}, with plans, check-ins and progress tracking.`,
    audience: (c) => c.audience,
  },
  {
    title: (c) => named(c, 'Challenges', 'Sprints'),
    pitch: (c) => `30-day challenges that turn ${c.topic} into a game with streaks and badges.`,
    audience: (c) => before('competitive', c.audience),
  },
  {
    title: (c) => named(c, 'Academy', 'School'),
    pitch: (c) => `Bite-sized video lessons on ${c.topic}, from the first steps to a confident routine.`,
    audience: (c) => `${c.audience}, starting with the basics`,
  },
  {
    title: (c) => named(c, 'Circles', 'Groups'),
    pitch: (c) => `Small accountability groups built around ${c.topic}.`,
    audience: (c) => `${c.audience}, in small groups`,
  },
  {
    title: (c) => named(c, 'Coach', 'Mentor'),
    pitch: (c) => `One-to-one guidance: a weekly review of your progress, with personal tips on ${c.topic}.`,
    audience: (c) => `${c.audience}, with a personal coach`,
  },
  {
    title: (c) => named(c, 'for Teams', 'Together'),
    pitch: (c) =>
      `${capitalise(withArticle(`shared ${c.product}`))} for clubs, classes and workplaces, with an organiser dashboard.`,
    audience: (c) => `clubs and teams of ${c.audience}`,
  },
  {
    title: (c) => `Mini ${titleCase(c.subject)}`,
    pitch: (c) => `${capitalise(c.topic)} in two minutes a day, for the busiest weeks.`,
    audience: (c) => before('busy', c.audience),
  },
  {
    title: (c) => named(c, 'Journal', 'Notes'),
    pitch: (c) => `Reflective prompts and notes that make ${c.topic} personal.`,
    audience: (c) => `${c.audience}, especially those who like to write`,
  },
];

export function brainstorm(c: Ctx): BrainstormIdeas {
  const ideas = c.rng
    .sample(IDEA_ANGLES, c.rng.int(4, 6))
    .map((a) => ({ title: a.title(c).slice(0, 120), pitch: a.pitch(c), audience: capitalise(a.audience(c)) }));
  return { ideas };
}

export function editorSuggestions(c: Ctx): EditorSuggestions {
  const theApp = `the ${c.product}`;
  return {
    sections: [
      {
        title: 'Suggested',
        items: [
          {
            id: 'suggested-welcome',
            title: `Welcome to ${titleCase(c.subject)}`,
            icon: 'sparkles',
            content: `Introduce ${theApp} and what ${c.audience} will get in the first week.`,
          },
          {
            id: 'suggested-plan',
            title: 'Your first week',
            icon: 'calendar',
            content: `A seven-day starter plan for ${c.audience}.`,
          },
        ],
      },
      {
        title: 'Stories',
        items: c.rng.sample(
          [
            {
              id: 'story-why',
              title: 'Why I built this',
              icon: 'book-open',
              content: `The story behind ${theApp}, told by the creator.`,
            },
            {
              id: 'story-member',
              title: 'A member win',
              icon: 'trophy',
              content: `How one of the ${c.audience} reached their goal.`,
            },
            {
              id: 'story-mistakes',
              title: 'Common mistakes',
              icon: 'alert-circle',
              content: `Three traps ${c.audience} fall into with ${c.topic}, and how to avoid them.`,
            },
          ],
          2,
        ),
      },
      {
        title: 'Activities',
        items: [
          {
            id: 'activity-checkin',
            title: 'Daily check-in',
            icon: 'check-circle',
            content: 'A quick check-in to keep the week on track.',
          },
          {
            id: 'activity-reflect',
            title: 'Weekly reflection',
            icon: 'edit-3',
            content: 'Three questions to review the week and plan the next one.',
          },
        ],
      },
    ],
  };
}
