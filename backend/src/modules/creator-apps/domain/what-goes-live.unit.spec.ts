import { pricingOf } from './app-pricing';
import { publishAccess } from './publish-access';
import { CHANGES_LISTED, fieldChanges, whatGoesLive } from './what-goes-live';

describe('what goes live', () => {
  const flow = (prompt: string) => ({
    pages: [
      { id: 'goals', title: 'Goals', questions: [{ id: 'level', prompt, kind: 'single', options: ['a', 'b'] }] },
      { id: 'you', title: 'You', questions: [] },
    ],
  });

  it('lists nothing for equal documents, whatever the key order', () => {
    expect(fieldChanges({ a: 1, b: { c: 2 } }, { b: { c: 2 }, a: 1 }, 'blueprint')).toEqual([]);
  });

  it('names each changed field with its path and a label, before and after as text', () => {
    const live = { hero: { title: 'Run', subtitle: 'fast' }, sections: [{ kind: 'faq', title: 'Q' }] };
    const draft = {
      hero: { title: 'Run further', subtitle: 'fast', cta: 'Go' },
      sections: [{ kind: 'faq', title: 'Questions' }],
    };
    expect(fieldChanges(live, draft, 'landingPage')).toEqual([
      { path: 'hero.title', label: 'Hero › Title', change: 'changed', before: 'Run', after: 'Run further' },
      { path: 'hero.cta', label: 'Hero › Cta', change: 'added', before: null, after: 'Go' },
      { path: 'sections[0].title', label: 'Sections #1 › Title', change: 'changed', before: 'Q', after: 'Questions' },
    ]);
  });

  it('matches list items by id (onboarding pages and questions), so a reorder is not every field changing', () => {
    const live = flow('How fit are you?');
    const draft = {
      pages: [live.pages[1], { ...flow('How fit are you now?').pages[0] }, { id: 'new', title: 'New', questions: [] }],
    };
    expect(fieldChanges(live, draft, 'onboardingFlow')).toEqual([
      {
        path: 'pages[goals].questions[level].prompt',
        label: 'Pages “goals” › Questions “level” › Prompt',
        change: 'changed',
        before: 'How fit are you?',
        after: 'How fit are you now?',
      },
      { path: 'pages[new].title', label: 'Pages “new” › Title', change: 'added', before: null, after: 'New' },
    ]);
  });

  it('shows lists of words joined and long text cut', () => {
    const [change] = fieldChanges(
      { options: ['a', 'b'], long: 'x' },
      { options: ['a', 'c'], long: 'y'.repeat(400) },
      'blueprint',
    );
    expect(change).toMatchObject({ path: 'options', before: 'a, b', after: 'a, c' });
    const long = fieldChanges({ long: 'x' }, { long: 'y'.repeat(400) }, 'blueprint')[0];
    expect(long.after).toHaveLength(160);
    expect(long.after!.endsWith('…')).toBe(true);
  });

  it('reads pricing in dollars and words', () => {
    const live = { monthlyPrice: 999, annualPrice: 7900, annualDurationUnit: 'year', trialDays: 0, currency: 'USD' };
    const draft = { ...live, monthlyPrice: 1250, annualDurationUnit: 'month', trialDays: 7 };
    expect(fieldChanges(live, draft, 'pricing').map((c) => [c.label, c.before, c.after])).toEqual([
      ['Monthly price', '$9.99', '$12.50'],
      ['Annual duration unit', '1 year', '12 months'],
      ['Trial days', 'No free trial', '7 days free'],
    ]);
  });

  it('gives each part a state in reading order: new, changed, removed, unchanged', () => {
    const docs = whatGoesLive(
      { blueprint: { name: 'B' }, landingPage: { status: 'pending', hero: { title: 'x' } } as never, onboardingFlow: flow('Q?') },
      { blueprint: { name: 'A' }, landingPage: { hero: { title: 'Live' } } as never, onboardingFlow: flow('Q?') },
    );
    expect(docs.map((d) => [d.part, d.state])).toEqual([
      ['blueprint', 'changed'],
      ['onboardingFlow', 'unchanged'],
      ['landingPage', 'removed'],
      ['pricing', 'unchanged'],
      ['theme', 'unchanged'],
      ['canvasSettings', 'unchanged'],
    ]);
    expect(whatGoesLive({ blueprint: { name: 'B' } }, null)[0]).toMatchObject({
      state: 'new',
      changes: [{ path: 'name', change: 'added', after: 'B' }],
    });
    // a new document is listed down to its fields; what a creator does not edit is left out
    const [, flowDoc, page, pricing] = whatGoesLive(
      {
        onboardingFlow: flow('Q?'),
        landingPage: { status: 'ready', hero: { title: 'Run' } } as never,
        pricing: { monthlyPrice: 999, annualPrice: null, annualDurationUnit: null, trialDays: 0, currency: 'USD' },
      },
      null,
    );
    expect(flowDoc.changes.map((c) => [c.label, c.after])).toEqual([
      ['Pages “goals” › Title', 'Goals'],
      ['Pages “goals” › Questions “level” › Kind', 'single'],
      ['Pages “goals” › Questions “level” › Prompt', 'Q?'],
      ['Pages “goals” › Questions “level” › Options', 'a, b'],
      ['Pages “you” › Title', 'You'],
    ]);
    expect(page.changes.map((c) => c.path)).toEqual(['hero.title']);
    expect(pricing.changes.map((c) => [c.label, c.after])).toEqual([
      ['Monthly price', '$9.99'],
      ['Trial days', 'No free trial'],
    ]);
  });

  it('lists the first changes of a long document and counts the rest', () => {
    const many = Object.fromEntries(Array.from({ length: CHANGES_LISTED + 5 }, (_, i) => [`k${i}`, i]));
    const [doc] = whatGoesLive({ blueprint: many }, { blueprint: {} });
    expect(doc.changes).toHaveLength(CHANGES_LISTED);
    expect(doc.moreChanges).toBe(5);
  });
});

describe('app pricing from plans', () => {
  const option = (id: string, amountInCents: number, interval: 'month' | 'year', intervalCount: number, trialDays = 0) => ({
    id,
    priceId: `price_${id}`,
    amountInCents,
    currency: 'usd',
    interval,
    intervalCount,
    displayName: id,
    description: '',
    features: [],
    planCategory: 'app',
    trialDays,
    periodCreditInCents: 0,
    tierSlug: null,
  });

  it('reads the monthly and annual prices, the annual unit and the trial', () => {
    expect(pricingOf([option('monthly', 999, 'month', 1, 7), option('annual', 7900, 'month', 12, 7)])).toEqual({
      monthlyPrice: 999,
      annualPrice: 7900,
      annualDurationUnit: 'month',
      trialDays: 7,
      currency: 'USD',
    });
    expect(pricingOf([option('annual', 7900, 'year', 1)])).toMatchObject({ monthlyPrice: null, annualDurationUnit: 'year' });
    expect(pricingOf([])).toBeNull();
  });
});

describe('who may publish', () => {
  it('a creator with an active or trialing creator plan; admins; anyone when the server sells nothing', () => {
    const base = { byAdmin: false, paymentsOn: true };
    expect(publishAccess({ ...base, plans: [] })).toEqual({ allowed: false, reason: 'tier-required', tierSlug: null });
    expect(publishAccess({ ...base, plans: [{ tierSlug: 'pro', status: 'active' }] })).toEqual({
      allowed: true,
      reason: null,
      tierSlug: 'pro',
    });
    expect(publishAccess({ ...base, plans: [{ tierSlug: 'starter', status: 'trialing' }] }).allowed).toBe(true);
    for (const status of ['canceled', 'past_due', 'unpaid', 'incomplete', 'incomplete_expired'])
      expect(publishAccess({ ...base, plans: [{ tierSlug: 'pro', status }] }).allowed).toBe(false);
    expect(publishAccess({ ...base, byAdmin: true, plans: [] }).allowed).toBe(true);
    expect(publishAccess({ byAdmin: false, paymentsOn: false, plans: [] }).allowed).toBe(true);
  });
});
