import type { BrainstormIdeas, EditorSuggestions } from '@sparkhouse/contracts';
import { capitalise, titleCase, type Fill, type TemplateCtx as Ctx } from './local-subject';

/** Template banks for the local generator's idea lists: brainstorm angles and editor suggestions. */
const IDEA_ANGLES: Array<{ title: Fill; pitch: Fill; audience: Fill }> = [
  {
    title: (c) => `${titleCase(c.subject)} Companion`,
    pitch: (c) => `A daily ${c.subject} with plans, check-ins and progress tracking.`,
    audience: (c) => c.audience,
  },
  {
    title: (c) => `${titleCase(c.subject)} Challenges`,
    pitch: (c) => `30-day challenges that turn ${c.subject} into a game with streaks and badges.`,
    audience: (c) => `competitive ${c.audience}`,
  },
  {
    title: (c) => `${titleCase(c.subject)} Academy`,
    pitch: (c) => `Bite-sized video lessons that teach the craft behind a great ${c.subject}.`,
    audience: (c) => `${c.audience} who want to learn the basics`,
  },
  {
    title: (c) => `${titleCase(c.subject)} Circles`,
    pitch: (c) => `Small accountability groups built around a shared ${c.subject}.`,
    audience: (c) => `${c.audience} who stay motivated with others`,
  },
  {
    title: (c) => `${titleCase(c.subject)} Coach`,
    pitch: (c) => `One-to-one guidance: weekly reviews of your ${c.subject} with personal tips.`,
    audience: (c) => `${c.audience} wanting expert feedback`,
  },
  {
    title: (c) => `${titleCase(c.subject)} for Teams`,
    pitch: (c) => `A shared ${c.subject} for clubs, classes and workplaces, with an organiser dashboard.`,
    audience: (c) => `groups and organisers of ${c.audience}`,
  },
  {
    title: (c) => `Mini ${titleCase(c.subject)}`,
    pitch: (c) => `A two-minute-a-day ${c.subject} for the busiest weeks.`,
    audience: (c) => `busy ${c.audience}`,
  },
  {
    title: (c) => `${titleCase(c.subject)} Journal`,
    pitch: (c) => `Reflective prompts and notes that make your ${c.subject} personal.`,
    audience: (c) => `${c.audience} who like to write`,
  },
];

export function brainstorm(c: Ctx): BrainstormIdeas {
  const ideas = c.rng
    .sample(IDEA_ANGLES, c.rng.int(4, 6))
    .map((a) => ({ title: a.title(c).slice(0, 120), pitch: a.pitch(c), audience: capitalise(a.audience(c)) }));
  return { ideas };
}

export function editorSuggestions(c: Ctx): EditorSuggestions {
  const s = c.subject;
  return {
    sections: [
      {
        title: 'Suggested',
        items: [
          {
            id: 'suggested-welcome',
            title: `Welcome to your ${s}`,
            icon: 'sparkles',
            content: `Introduce the ${s} and what ${c.audience} will get in the first week.`,
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
              content: `The story behind the ${s}, told by the creator.`,
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
              content: `Three traps ${c.audience} fall into, and how to avoid them.`,
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
            content: `A quick check-in to keep the ${s} on track.`,
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
