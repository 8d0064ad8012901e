import { hasActiveOrTrialSubscription as fromUser } from '../user/subscription-status';
import {
  buildPricingUpdate,
  centsToAmount,
  formatOptionPrice,
  formatPriceCents,
  hasActiveOrTrialSubscription,
  hasActiveSubscription,
  isYearlyOption,
  loadMonthlyCreditCents,
  monthlyCreditCents,
  orderPaymentOptions,
  type PaymentOption,
} from './payment-options';

const opt = (id: string, duration: number | null, durationUnit: string | null): PaymentOption => ({
  id,
  price: 1000,
  duration,
  durationUnit,
});

describe('yearly option', () => {
  it('is unit year (one) or 12 months, any case', () => {
    expect(isYearlyOption(opt('y', 1, 'year'))).toBe(true);
    expect(isYearlyOption(opt('y', null, 'Year'))).toBe(true);
    expect(isYearlyOption(opt('y', 1, 'years'))).toBe(true);
    expect(isYearlyOption(opt('m', 12, 'months'))).toBe(true);
    expect(isYearlyOption(opt('m', 12, 'month'))).toBe(true);
  });
  it('is not monthly, 6 months, 2 years or unitless', () => {
    expect(isYearlyOption(opt('m', 1, 'month'))).toBe(false);
    expect(isYearlyOption(opt('m', 6, 'months'))).toBe(false);
    expect(isYearlyOption(opt('m', null, 'months'))).toBe(false);
    expect(isYearlyOption(opt('y', 2, 'year'))).toBe(false);
    expect(isYearlyOption(opt('x', 12, null))).toBe(false);
    expect(isYearlyOption(opt('w', 52, 'weeks'))).toBe(false);
  });
});

describe('ordering and preselection (spec section 9)', () => {
  const monthly = opt('monthly', 1, 'month');
  const quarterly = opt('quarterly', 3, 'months');
  it('moves the yearly option first and preselects it; the rest keep their order', () => {
    const annual = opt('annual', 12, 'months');
    expect(orderPaymentOptions([monthly, quarterly, annual])).toEqual({
      options: [annual, monthly, quarterly],
      defaultSelectedId: 'annual',
    });
  });
  it('only the first yearly option moves', () => {
    const y1 = opt('y1', 1, 'year');
    const y2 = opt('y2', 12, 'months');
    expect(orderPaymentOptions([monthly, y1, y2]).options.map((o) => o.id)).toEqual(['y1', 'monthly', 'y2']);
  });
  it('the yearly option wins over the server default', () => {
    expect(orderPaymentOptions([monthly, opt('y', 1, 'year')], 'monthly').defaultSelectedId).toBe('y');
  });
  it('without a yearly option: order kept, first preselected, or a server default naming an option', () => {
    expect(orderPaymentOptions([monthly, quarterly])).toEqual({ options: [monthly, quarterly], defaultSelectedId: 'monthly' });
    expect(orderPaymentOptions([monthly, quarterly], 'quarterly').defaultSelectedId).toBe('quarterly');
    expect(orderPaymentOptions([monthly, quarterly], 'gone').defaultSelectedId).toBe('monthly');
  });
  it('no options: nothing preselected; the input array is not mutated', () => {
    expect(orderPaymentOptions([])).toEqual({ options: [], defaultSelectedId: null });
    const input = [monthly, opt('y', 1, 'year')];
    orderPaymentOptions(input);
    expect(input.map((o) => o.id)).toEqual(['monthly', 'y']);
  });
});

describe('price formatting from cents', () => {
  it('divides by 100, USD by default, like the catalogue', () => {
    expect(centsToAmount(1999)).toBe(19.99);
    expect(formatPriceCents(1999)).toBe('$19.99');
    expect(formatPriceCents(2000)).toBe('$20');
    expect(formatPriceCents(123456)).toBe('$1,234.56');
    expect(formatPriceCents(500, null)).toBe('$5');
    expect(formatPriceCents(500, 'usd')).toBe('$5');
    expect(formatPriceCents(0)).toBe('$0');
  });
  it('formats other currencies and locales with Intl', () => {
    expect(formatPriceCents(1250, 'EUR')).toBe('€12.50');
    expect(formatPriceCents(1200, 'EUR')).toBe('€12');
    expect(formatPriceCents(1250, 'USD', 'en-GB')).toBe('US$12.50');
  });
  it('survives an unknown currency code and non-finite input', () => {
    expect(formatPriceCents(1250, 'NOT-A-CODE')).toBe('12.50 NOT-A-CODE');
    expect(formatPriceCents(Number.NaN)).toBe('');
  });
  it('formats an option by its price and currency', () => {
    expect(formatOptionPrice({ price: 9900, currency: undefined })).toBe('$99');
  });
});

describe('pricing update body (spec section 5)', () => {
  it('includes monthly and annual prices only when defined', () => {
    expect(buildPricingUpdate({ appId: 'a' })).toEqual({ appId: 'a' });
    expect(buildPricingUpdate({ appId: 'a', monthlyPrice: 999 })).toEqual({ appId: 'a', monthlyPrice: 999 });
    expect(buildPricingUpdate({ appId: 'a', annualPrice: 9900, annualDurationUnit: 'year' })).toEqual({
      appId: 'a',
      annualPrice: 9900,
      annualDurationUnit: 'year',
    });
    const body = buildPricingUpdate({ appId: 'a', monthlyPrice: undefined, annualPrice: null, annualDurationUnit: null });
    expect(Object.keys(body)).toEqual(['appId']);
  });
  it('keeps a zero price (free is defined) and drops NaN', () => {
    expect(buildPricingUpdate({ appId: 'a', monthlyPrice: 0, annualPrice: Number.NaN })).toEqual({ appId: 'a', monthlyPrice: 0 });
  });
});

describe('subscription status', () => {
  it('is the user feature rule, not a copy', () => {
    expect(hasActiveOrTrialSubscription).toBe(fromUser);
    expect(hasActiveSubscription([{ status: 'active' }])).toBe(true);
    expect(hasActiveOrTrialSubscription([{ status: 'trialing', trialDaysRemaining: 2, isTrialExpired: false }])).toBe(true);
  });
});

describe('monthly credit', () => {
  it('dollars x 100 gives cents, rounded', () => {
    expect(monthlyCreditCents({ monthlyCreditInfo: { monthlyCredit: 25 } })).toBe(2500);
    expect(monthlyCreditCents({ monthlyCreditInfo: { monthlyCredit: 19.99 } })).toBe(1999);
    expect(monthlyCreditCents({ monthlyCreditInfo: { monthlyCredit: '12.5' } })).toBe(1250);
  });
  it('anything unusable counts as zero', () => {
    for (const r of [
      null,
      undefined,
      {},
      { monthlyCreditInfo: null },
      { monthlyCreditInfo: { monthlyCredit: 'x' } },
      { monthlyCreditInfo: { monthlyCredit: -5 } },
      { monthlyCreditInfo: { monthlyCredit: '' } },
    ]) {
      expect(monthlyCreditCents(r)).toBe(0);
    }
  });
  it('a failed fetch is logged and counts as zero', async () => {
    const log = jest.fn();
    await expect(loadMonthlyCreditCents(() => Promise.reject(new Error('500')), log)).resolves.toBe(0);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('zero'), expect.any(Error));
    await expect(loadMonthlyCreditCents(() => Promise.resolve({ monthlyCreditInfo: { monthlyCredit: 3 } }))).resolves.toBe(300);
    await expect(loadMonthlyCreditCents(() => Promise.reject(new Error('x')))).resolves.toBe(0);
  });
});
