import { appPlans, isYearly, nextPlans, orderOptions, plansFor, toPaymentOption } from './payment-options';

describe('app pricing rules', () => {
  it('makes a monthly plan and an annual one of one year or twelve months, only from the prices given', () => {
    expect(
      appPlans('Stride', { monthlyPrice: 999, annualPrice: 7900, annualDurationUnit: 'year' }).map((o) => [
        o.id,
        o.amountInCents,
        o.interval,
        o.intervalCount,
      ]),
    ).toEqual([
      ['monthly', 999, 'month', 1],
      ['annual', 7900, 'year', 1],
    ]);
    const months = appPlans('Stride', { annualPrice: 7900, annualDurationUnit: 'month' });
    expect(months.map((o) => [o.id, o.interval, o.intervalCount])).toEqual([['annual', 'month', 12]]);
    expect(months[0].description).toBe('Stride, billed every 12 months');
    expect(appPlans('Stride', { annualDurationUnit: 'year' })).toEqual([]);
  });

  it('puts the yearly (or 12-month) plan first and preselects it; its monthly price is the yearly one over 12', () => {
    const [monthly, annual] = appPlans('Stride', { monthlyPrice: 999, annualPrice: 7900, annualDurationUnit: 'month' }).map(
      (o) => ({
        ...o,
        appId: 'a',
        priceId: `price_${o.id}`,
      }),
    );
    expect(isYearly(annual)).toBe(true);
    expect(orderOptions([monthly, annual])).toEqual({ options: [annual, monthly], defaultSelectedId: 'annual' });
    expect(orderOptions([monthly])).toEqual({ options: [monthly], defaultSelectedId: 'monthly' });
    expect(toPaymentOption(annual)).toMatchObject({ price: 7900, monthlyPrice: 658, duration: 12, durationUnit: 'month' });
  });

  it('changes only the plans sent, keeps the others, and applies a free trial to every plan', () => {
    const last = [
      { id: 'monthly', amountInCents: 999, trialDays: 7, priceId: 'price_m' },
      { id: 'annual', amountInCents: 7900, trialDays: 7, priceId: 'price_a' },
    ];
    const monthly = { id: 'monthly', amountInCents: 1299, trialDays: 0 };
    expect(nextPlans(last, [monthly], { merge: true })).toEqual([{ id: 'monthly', amountInCents: 1299, trialDays: 7 }, last[1]]);
    expect(nextPlans(last, [monthly], { merge: true, trialDays: 0 }).map((o) => o.trialDays)).toEqual([0, 0]);
    expect(nextPlans(last, [], { merge: true, trialDays: 14 }).map((o) => [o.id, o.trialDays])).toEqual([
      ['monthly', 14],
      ['annual', 14],
    ]);
    expect(nextPlans([], [monthly], { merge: true })).toEqual([monthly]);
    expect(nextPlans(last, [monthly], { merge: false })).toEqual([monthly]);
  });

  it('shows an app’s owner and admins the draft plans, visitors the published ones, nobody an unpublished app’s', () => {
    const draft = { owner_id: 'mia', published_at: null };
    const live = { owner_id: 'mia', published_at: new Date() };
    expect(plansFor(draft, { id: 'mia', admin: false })).toBe('draft');
    expect(plansFor(draft, { id: 'ops', admin: true })).toBe('draft');
    expect(plansFor(draft, { id: 'someone', admin: false })).toBeNull();
    expect(plansFor(draft, null)).toBeNull();
    expect(plansFor(live, null)).toBe('live');
    expect(plansFor(live, { id: 'someone', admin: false })).toBe('live');
    expect(plansFor(live, { id: 'mia', admin: false })).toBe('draft');
    // the platform's own plans (no app row) are on sale as defined
    expect(plansFor(null, null)).toBe('draft');
  });
});
