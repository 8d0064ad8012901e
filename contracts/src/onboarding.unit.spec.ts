import { AppBlueprintSchema, OnboardingFlowSchema, type OnboardingQuestion } from './creator-documents';
import {
  answerProblem,
  countValidPhases,
  defaultOnboardingFlow,
  firstUnansweredPage,
  isValidPhase,
  pageProblems,
} from './onboarding';

const q = (over: Partial<OnboardingQuestion>): OnboardingQuestion => ({ id: 'q', prompt: 'Q?', kind: 'text', ...over });

describe('onboarding flow schema', () => {
  const page = { id: 'p', title: 'P', questions: [q({ id: 'a' })] };

  it('takes every question kind and info pages', () => {
    const flow = {
      pages: [
        { id: 'i', title: 'Hi', body: 'Welcome', questions: [] },
        {
          id: 'all',
          title: 'All kinds',
          questions: [
            q({ id: 's', kind: 'single', options: ['a', 'b'] }),
            q({ id: 'm', kind: 'multi', options: ['a', 'b'] }),
            q({ id: 't', kind: 'text' }),
            q({ id: 'n', kind: 'number', min: 1, max: 3 }),
            q({ id: 'd', kind: 'date' }),
          ],
        },
      ],
    };
    expect(OnboardingFlowSchema.safeParse(flow).success).toBe(true);
  });

  it.each([
    ['no pages', { pages: [] }, 'pages'],
    ['an info page without text', { pages: [{ id: 'i', title: 'Hi', questions: [] }] }, 'info page'],
    ['a choice without options', { pages: [{ ...page, questions: [q({ kind: 'single' })] }] }, 'two options'],
    ['the same option twice', { pages: [{ ...page, questions: [q({ kind: 'multi', options: ['A', 'a'] })] }] }, 'differ'],
    ['min above max', { pages: [{ ...page, questions: [q({ kind: 'number', min: 3, max: 1 })] }] }, 'min must not'],
    ['a page id twice', { pages: [page, { ...page, questions: [q({ id: 'b' })] }] }, 'page id "p" is used twice'],
    ['a question id twice', { pages: [page, { ...page, id: 'p2' }] }, 'question id "a" is used twice'],
  ])('refuses %s', (_name, flow, message) => {
    const parsed = OnboardingFlowSchema.safeParse(flow);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('\n')).toContain(message);
  });
});

describe('answers per question kind', () => {
  it.each([
    [q({ kind: 'single', options: ['a', 'b'] }), 'a', null],
    [q({ kind: 'single', options: ['a', 'b'] }), 'c', 'Choose one of the options.'],
    [q({ kind: 'multi', options: ['a', 'b'] }), ['a', 'b'], null],
    [q({ kind: 'multi', options: ['a', 'b'] }), ['a', 'a'], 'Choose one or more of the options.'],
    [q({ kind: 'multi', options: ['a', 'b'] }), [], 'Please answer this question.'],
    [q({ kind: 'text' }), '  ', 'Please answer this question.'],
    [q({ kind: 'text', required: false }), '', null],
    [q({ kind: 'number', min: 1, max: 10 }), 4, null],
    [q({ kind: 'number', min: 1, max: 10 }), '12', 'Enter a number of at most 10.'],
    [q({ kind: 'number', min: 1 }), 0, 'Enter a number of at least 1.'],
    [q({ kind: 'number' }), 'many', 'Enter a number.'],
    [q({ kind: 'date' }), '2027-02-28', null],
    [q({ kind: 'date' }), '2027-02-30', 'Enter a real date.'],
    [q({ kind: 'date' }), 'tomorrow', 'Enter a date.'],
  ] as const)('%o answered %o: %s', (question, value, problem) => {
    expect(answerProblem(question, value as never)).toBe(problem);
  });

  it('finds the first page still to answer', () => {
    const flow = defaultOnboardingFlow('Runner', null);
    expect(pageProblems(flow.pages[0], {})).toEqual({});
    expect(firstUnansweredPage(flow, {})?.page.id).toBe('goal');
    const answers = { goal: 'Build a habit', level: 'New to this', hours: 3, start: '2027-01-04' };
    expect(firstUnansweredPage(flow, answers)).toBeNull();
  });
});

describe('default onboarding flow', () => {
  it('is a valid flow, with the blueprint features as goals when there are two or more', () => {
    const generic = defaultOnboardingFlow('Runner', null);
    expect(OnboardingFlowSchema.parse(generic)).toEqual(generic);
    const blueprint = AppBlueprintSchema.parse({
      name: 'Runner',
      tagline: 'Run more',
      audience: 'a',
      problem: 'p',
      features: [
        { title: 'Plans', description: 'd' },
        { title: 'plans', description: 'duplicate' },
        { title: 'Races', description: 'd' },
      ],
      monetisation: 'm',
      tone: 't',
    });
    const derived = defaultOnboardingFlow('Runner', blueprint);
    expect(OnboardingFlowSchema.safeParse(derived).success).toBe(true);
    expect(derived.pages[0].body).toBe('Run more');
    expect(derived.pages[1].questions[0].options).toEqual(['Plans', 'Races']);
  });
});

describe('plan phases', () => {
  it('a phase is valid only with both id and title', () => {
    expect(isValidPhase({ id: 'p1', title: 'Base' })).toBe(true);
    expect(isValidPhase({ id: 'p1' })).toBe(false);
    expect(isValidPhase({ title: 'Base' })).toBe(false);
    expect(isValidPhase({ id: ' ', title: 'Base' })).toBe(false);
    expect(isValidPhase(null)).toBe(false);
    expect(countValidPhases([{ id: 'a', title: 'A' }, { id: 'b' }, { id: 'c', title: 'C' }])).toBe(2);
    expect(countValidPhases(undefined)).toBe(0);
  });
});
