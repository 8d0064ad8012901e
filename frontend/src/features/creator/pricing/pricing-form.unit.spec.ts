import {
  annualSaving,
  centsToDollars,
  checkPricing,
  dollarsToCents,
  EMPTY_FORM,
  formFromPlans,
  previewPlans,
} from './pricing-form';

describe('the pricing screen’s rules', () => {
  it.each([
    ['9.99', 999],
    ['$9.99', 999],
    ['10', 1000],
    ['1,299.5', 129950],
    [' 0.50 ', 50],
    ['', null],
  ])('reads "%s" dollars as %p cents', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });

  it.each(['9.999', 'abc', '-5', '1e3', '9,99.1.2'])('refuses "%s"', (text) => {
    expect(dollarsToCents(text)).toBeNaN();
  });

  it('writes cents back as dollars', () => {
    expect(centsToDollars(999)).toBe('9.99');
    expect(centsToDollars(1000)).toBe('10');
    expect(centsToDollars(7950)).toBe('79.50');
  });

  it('sends only the prices that are set, in cents, with the annual unit and the trial', () => {
    expect(checkPricing('app-1', { ...EMPTY_FORM, monthly: '9.99', trialDays: 7 })).toEqual({
      errors: {},
      body: { appId: 'app-1', monthlyPrice: 999, annualDurationUnit: 'year', trialDays: 7 },
    });
    expect(checkPricing('app-1', { monthly: '', annual: '79', annualUnit: 'month', trialDays: 0 }).body).toEqual({
      appId: 'app-1',
      annualPrice: 7900,
      annualDurationUnit: 'month',
      trialDays: 0,
    });
  });

  it('explains what is wrong and sends nothing', () => {
    expect(checkPricing('a', EMPTY_FORM)).toEqual({
      errors: { form: 'Set a monthly price, an annual price or both.' },
      body: null,
    });
    expect(checkPricing('a', { ...EMPTY_FORM, monthly: '0.10' }).errors.monthly).toBe('The lowest monthly price is $0.50');
    expect(checkPricing('a', { ...EMPTY_FORM, monthly: '100001' }).errors.monthly).toBe('The highest monthly price is $100,000');
    expect(checkPricing('a', { ...EMPTY_FORM, annual: 'ten' }).errors.annual).toBe('Enter a price in dollars, like 9.99');
  });

  it('previews the plans as members see them: the annual one first and preselected, with the trial', () => {
    const { plans, defaultSelectedId } = previewPlans('Stride', {
      monthly: '12',
      annual: '99',
      annualUnit: 'month',
      trialDays: 14,
    });
    expect(plans.map((p) => [p.id, p.price, p.duration, p.durationUnit, p.monthlyPrice, p.trialDays])).toEqual([
      ['annual', 9900, 12, 'month', 825, 14],
      ['monthly', 1200, 1, 'month', 1200, 14],
    ]);
    expect(defaultSelectedId).toBe('annual');
    expect(previewPlans('Stride', { ...EMPTY_FORM, monthly: 'x' }).plans).toEqual([]);
    expect(annualSaving({ monthly: '10', annual: '96', annualUnit: 'year', trialDays: 0 })).toBe(20);
    expect(annualSaving({ monthly: '10', annual: '130', annualUnit: 'year', trialDays: 0 })).toBeNull();
  });

  it('fills the form from the app’s plans', () => {
    const plans = previewPlans('Stride', { monthly: '9.99', annual: '79', annualUnit: 'month', trialDays: 7 }).plans;
    expect(formFromPlans(plans)).toEqual({ monthly: '9.99', annual: '79', annualUnit: 'month', trialDays: 7 });
    expect(formFromPlans([])).toEqual(EMPTY_FORM);
  });
});
