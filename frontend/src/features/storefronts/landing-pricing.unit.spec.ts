import { faqEntry } from './AppLandingView';
import { ctaLabel, landingPlans } from './landing-pricing';

describe('the landing page pricing', () => {
  const pricing = { monthlyPrice: 999, annualPrice: 7999, annualDurationUnit: 'year' as const, trialDays: 7, currency: 'USD' };

  it('annual first (it is preselected), with what it saves against paying monthly', () => {
    expect(landingPlans(pricing)).toEqual([
      { period: 'annual', price: '$79.99 / year', detail: '$6.67 / month, billed yearly', savesPercent: 33 },
      { period: 'monthly', price: '$9.99 / month', detail: null, savesPercent: 0 },
    ]);
    expect(landingPlans({ ...pricing, annualPrice: null }).map((p) => p.period)).toEqual(['monthly']);
    expect(landingPlans({ ...pricing, monthlyPrice: null })[0]).toMatchObject({ period: 'annual', savesPercent: 0 });
    expect(landingPlans(null)).toEqual([]);
  });

  it('the call to action names the trial when there is one', () => {
    expect(ctaLabel(pricing, 'Join now')).toBe('Start my 7-day free trial');
    expect(ctaLabel({ ...pricing, trialDays: 0 }, 'Join now')).toBe('Join now');
    expect(ctaLabel(null, '  ')).toBe('Get started');
  });

  it('an FAQ item splits into its question and answer', () => {
    expect(faqEntry('Can I cancel anytime? Yes, in two taps.')).toEqual({
      question: 'Can I cancel anytime?',
      answer: 'Yes, in two taps.',
    });
    expect(faqEntry('Is it free?')).toEqual({ question: 'Is it free?', answer: '' });
    expect(faqEntry('No question here')).toEqual({ question: 'No question here', answer: '' });
  });
});
