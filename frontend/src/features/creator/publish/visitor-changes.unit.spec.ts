import type { LandingPage, OnboardingFlow, VisitorContent } from '@sparkhouse/contracts';
import { creatorPlanPriceText, describePrices, visitorChanges } from './visitor-changes';

const page = (over: Partial<LandingPage> = {}): LandingPage => ({
  hero: { title: 'Run your first 5k', subtitle: 'Six weeks, three runs a week.', cta: 'Start free' },
  sections: [
    { kind: 'feature', title: 'Plans that fit', body: 'Runs sized to you.' },
    { kind: 'feature', title: 'Coach in your ear', body: 'Cues while you run.' },
    { kind: 'testimonials', title: 'Runners say', body: 'It worked.', items: ['“I finished!” — Sam'] },
    { kind: 'faq', title: 'Questions', body: 'Answers.', items: ['Do I need a watch? No.'] },
  ],
  pricingCopy: { monthly: 'Monthly, cancel anytime', annual: 'Best value' },
  ...over,
});

const flow = (extra: OnboardingFlow['pages'] = []): OnboardingFlow => ({
  pages: [
    { id: 'welcome', title: 'Welcome', body: 'Let us get to know you.', questions: [] },
    {
      id: 'goals',
      title: 'Your goals',
      questions: [
        { id: 'main-goal', prompt: 'What is your goal?', kind: 'single', options: ['Finish a 5k', 'Run faster'] },
        { id: 'days', prompt: 'How many days a week?', kind: 'number', min: 1, max: 7 },
      ],
    },
    ...extra,
  ],
});

const pricing = { monthlyPrice: 999, annualPrice: 7999, annualDurationUnit: 'year' as const, trialDays: 7, currency: 'USD' };
const content = (over: Partial<VisitorContent> = {}): VisitorContent => ({
  landingPage: page(),
  onboardingFlow: flow(),
  pricing,
  ...over,
});

describe('the publish review in a visitor’s terms', () => {
  it('says nothing changes when the draft is what is live', () => {
    const changes = visitorChanges(content(), content());
    expect(changes.nothingChanges).toBe(true);
    expect(changes.summary).toBe('Landing page unchanged, onboarding unchanged, prices unchanged');
  });

  it('counts changed sections, a new question and unchanged prices', () => {
    const live = content();
    const base = page();
    const draft = content({
      landingPage: page({
        hero: { ...base.hero, title: 'Run your first 5k in 6 weeks' },
        sections: [
          { ...base.sections[0], body: 'Runs sized to your week.' },
          base.sections[1],
          { ...base.sections[2], items: ['“I finished!” — Sam', '“Best app” — Lee'] },
          base.sections[3],
        ],
      }),
      onboardingFlow: flow([
        {
          id: 'level',
          title: 'Your level',
          questions: [{ id: 'level', prompt: 'Can you run 1 km?', kind: 'single', options: ['Yes', 'No'] }],
        },
      ]),
    });
    const changes = visitorChanges(live, draft);
    expect(changes.summary).toBe('3 sections changed, 1 new question, prices unchanged');
    expect(changes.hero.change).toBe('changed');
    expect(changes.sections.map((s) => s.change)).toEqual(['changed', 'unchanged', 'changed', 'unchanged']);
    expect(changes.questions.map((q) => [q.key, q.change, q.pageTitle])).toEqual([
      ['main-goal', 'unchanged', 'Your goals'],
      ['days', 'unchanged', 'Your goals'],
      ['level', 'added', 'Your level'],
    ]);
    expect(changes.nothingChanges).toBe(false);
  });

  it('matches sections by kind, so one inserted section is new and the ones after it are not changed', () => {
    const base = page();
    const draft = page({
      sections: [
        base.sections[0],
        { kind: 'how-it-works', title: 'How it works', body: 'Three steps.' },
        ...base.sections.slice(1),
      ],
    });
    const changes = visitorChanges(content(), content({ landingPage: draft }));
    expect(changes.sections.map((s) => [s.key, s.change])).toEqual([
      ['feature#1', 'unchanged'],
      ['how-it-works#1', 'added'],
      ['feature#2', 'unchanged'],
      ['testimonials#1', 'unchanged'],
      ['faq#1', 'unchanged'],
    ]);
    expect(changes.summary).toBe('1 new section, onboarding unchanged, prices unchanged');
  });

  it('shows removed sections and questions where they stood, and changed prices', () => {
    const base = page();
    const draft = content({
      landingPage: page({ sections: [base.sections[0], base.sections[2], base.sections[3]] }),
      onboardingFlow: {
        pages: [
          { ...flow().pages[0], body: 'Hello runner.' },
          { ...flow().pages[1], questions: [flow().pages[1].questions[1]] },
        ],
      },
      pricing: { ...pricing, monthlyPrice: 1299, trialDays: 14 },
    });
    const changes = visitorChanges(content(), draft);
    expect(changes.sections.map((s) => [s.key, s.change])).toEqual([
      ['feature#1', 'unchanged'],
      ['feature#2', 'removed'],
      ['testimonials#1', 'unchanged'],
      ['faq#1', 'unchanged'],
    ]);
    expect(changes.questions.map((q) => [q.key, q.change])).toEqual([
      ['main-goal', 'removed'],
      ['days', 'unchanged'],
    ]);
    expect(changes.prices).toMatchObject({ change: 'changed' });
    expect(changes.summary).toBe('1 section removed, 1 question removed, 1 onboarding page changed, prices changed');
  });

  it('describes a first publish by what visitors will get', () => {
    const changes = visitorChanges(null, content());
    expect(changes.hero.change).toBe('added');
    expect(changes.summary).toBe(
      'First publish: a landing page of 6 sections, 2 onboarding questions, $9.99 a month, $79.99 a year, 7-day free trial',
    );
    expect(visitorChanges(null, { landingPage: null, onboardingFlow: null, pricing: null }).summary).toBe(
      'First publish: no landing page yet, no onboarding questions, no prices yet',
    );
  });

  it('reads prices in money', () => {
    expect(describePrices({ ...pricing, annualDurationUnit: 'month', trialDays: 0, annualPrice: 9000 })).toEqual([
      '$9.99 a month',
      '$90 for 12 months',
      'No free trial',
    ]);
    expect(describePrices(null)).toEqual([]);
  });
});

describe('the creator plan’s price before choosing a plan', () => {
  it('names the lowest monthly and yearly prices in money', () => {
    expect(
      creatorPlanPriceText([
        { price: 19000, currency: 'USD', duration: 1, durationUnit: 'year', tierSlug: 'starter' },
        { price: 1900, currency: 'USD', duration: 1, durationUnit: 'month', tierSlug: 'starter' },
        { price: 4900, currency: 'USD', duration: 1, durationUnit: 'month', tierSlug: 'pro' },
        { price: 49000, currency: 'USD', duration: 1, durationUnit: 'year', tierSlug: 'pro' },
      ]),
    ).toBe('Creator plans from $19 a month, or $190 a year');
    expect(creatorPlanPriceText([{ price: 999, currency: 'USD', duration: 1, durationUnit: 'month' }])).toBe(
      'Creator plans from $9.99 a month',
    );
    expect(creatorPlanPriceText([])).toBeNull();
  });
});
