import { z } from 'zod';
import type { AppBlueprint, OnboardingFlow, OnboardingPage, OnboardingQuestion } from './creator-documents';

/*
 * The visitor's side of an app's onboarding (spec 3 "App onboarding state", "Personalized plan"):
 * what an answer may be, how one is checked against its question (the same rule in the browser and
 * on the server), the flow an app has before its creator writes one, and the plan's defaults.
 */

/** A choice (single), choices (multi), text, a number, or a date as YYYY-MM-DD. null: not answered. */
export const onboardingAnswerSchema = z.union([
  z.string().max(2000, 'an answer must be at most 2000 characters'),
  z.number().finite(),
  z.array(z.string().max(120)).max(12),
  z.null(),
]);
export type OnboardingAnswer = z.infer<typeof onboardingAnswerSchema>;

/** The visitor's answers by question id (spec: userState). */
export const onboardingUserStateSchema = z.object(
  {
    answers: z
      .record(z.string().min(1).max(64), onboardingAnswerSchema, {
        error: 'answers must be an object of question ids to answers',
      })
      .refine((a) => Object.keys(a).length <= 120, 'answers hold at most 120 questions'),
  },
  { error: 'userState must be an object with answers' },
);
export type OnboardingUserState = z.infer<typeof onboardingUserStateSchema>;

/** Where the visitor is (spec: pagesInfo): the page on screen and the pages already passed. */
export const onboardingPagesInfoSchema = z.object(
  {
    currentPageId: z.string().min(1).max(64).nullable(),
    completedPageIds: z.array(z.string().min(1).max(64)).max(12),
  },
  { error: 'pagesInfo must be an object with currentPageId and completedPageIds' },
);
export type OnboardingPagesInfo = z.infer<typeof onboardingPagesInfoSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why an answer does not do for its question, in the visitor's words; null when it does. */
export function answerProblem(question: OnboardingQuestion, value: OnboardingAnswer | undefined): string | null {
  const empty =
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0);
  if (empty) return question.required === false ? null : 'Please answer this question.';
  const options = question.options ?? [];
  switch (question.kind) {
    case 'single':
      return typeof value === 'string' && options.includes(value) ? null : 'Choose one of the options.';
    case 'multi':
      return Array.isArray(value) && value.every((v) => options.includes(v)) && new Set(value).size === value.length
        ? null
        : 'Choose one or more of the options.';
    case 'text':
      return typeof value === 'string' ? null : 'Please write an answer.';
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
      if (!Number.isFinite(n)) return 'Enter a number.';
      if (question.min !== undefined && n < question.min) return `Enter a number of at least ${question.min}.`;
      if (question.max !== undefined && n > question.max) return `Enter a number of at most ${question.max}.`;
      return null;
    }
    case 'date': {
      if (typeof value !== 'string' || !DATE.test(value)) return 'Enter a date.';
      const d = new Date(`${value}T00:00:00Z`);
      return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value ? 'Enter a real date.' : null;
    }
  }
}

/** The problems of a page's answers, by question id (empty: the visitor may go on). */
export function pageProblems(page: OnboardingPage, answers: Record<string, OnboardingAnswer>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const q of page.questions) {
    const problem = answerProblem(q, answers[q.id]);
    if (problem) problems[q.id] = problem;
  }
  return problems;
}

/** The first page whose answers do not do, with its problems; null when the whole flow is answered. */
export function firstUnansweredPage(
  flow: OnboardingFlow,
  answers: Record<string, OnboardingAnswer>,
): { page: OnboardingPage; problems: Record<string, string> } | null {
  for (const page of flow.pages) {
    const problems = pageProblems(page, answers);
    if (Object.keys(problems).length > 0) return { page, problems };
  }
  return null;
}

/**
 * The flow an app has before its creator writes one: a welcome, the goal (from the blueprint's
 * features when there is a blueprint), experience, time per week, a start date and a free note.
 */
export function defaultOnboardingFlow(appName: string, blueprint: AppBlueprint | null): OnboardingFlow {
  const goals = (blueprint?.features ?? [])
    .map((f) => f.title.trim().slice(0, 120))
    .filter((t, i, all) => t.length > 0 && all.findIndex((o) => o.toLowerCase() === t.toLowerCase()) === i)
    .slice(0, 6);
  const goalOptions = goals.length >= 2 ? goals : ['Build a habit', 'Learn the basics', 'Reach a goal by a date', 'Just explore'];
  const name = appName.trim().slice(0, 100) || 'the app';
  return {
    pages: [
      {
        id: 'welcome',
        title: `Welcome to ${name}`.slice(0, 160),
        body: (blueprint?.tagline ?? 'A few questions, and we make a plan that fits you.').slice(0, 1200),
        questions: [],
      },
      {
        id: 'goal',
        title: 'Your goal',
        questions: [{ id: 'goal', prompt: 'What do you want to focus on first?', kind: 'single', options: goalOptions }],
      },
      {
        id: 'experience',
        title: 'Where you start',
        questions: [
          {
            id: 'level',
            prompt: 'How experienced are you?',
            kind: 'single',
            options: ['New to this', 'Some experience', 'Experienced'],
          },
          {
            id: 'hours',
            prompt: 'How many hours a week can you give it?',
            kind: 'number',
            min: 1,
            max: 40,
            placeholder: 'Hours',
          },
        ],
      },
      {
        id: 'timing',
        title: 'Your timing',
        questions: [
          { id: 'start', prompt: 'When do you want to start?', kind: 'date' },
          { id: 'note', prompt: 'Anything we should know?', kind: 'text', required: false, placeholder: 'Optional' },
        ],
      },
    ],
  };
}

/** Spec 3 and 9: the plan's defaults and the client's status-check rule. */
export const PLAN_DEFAULTS = {
  totalPhaseCount: 13,
  programLengthWeeks: 6,
  durationUnit: 'weeks',
  timeToTargetLabel: 'Time to Race Day',
  timeToTargetDescription: '6-Week Transformation Plan',
  /** A completed plan with fewer valid phases than expected is checked again this often, this far apart. */
  statusRetries: 3,
  statusRetryDelayMs: 1500,
} as const;

/** Spec 5: a phase is valid only with both id and title. */
export const isValidPhase = (phase: unknown): boolean => {
  if (!phase || typeof phase !== 'object') return false;
  const { id, title } = phase as { id?: unknown; title?: unknown };
  return typeof id === 'string' && id.trim() !== '' && typeof title === 'string' && title.trim() !== '';
};

export const countValidPhases = (phases: readonly unknown[] | null | undefined): number =>
  (phases ?? []).filter(isValidPhase).length;
