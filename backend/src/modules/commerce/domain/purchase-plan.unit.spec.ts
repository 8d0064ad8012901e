import { ownedPurchaseIds, planPurchase, type PlannedProduct } from './purchase-plan';
import { foldCredit, centsToDollars } from './credit';
import { orderOptions, toPaymentOption, type PriceOptionRow } from './payment-options';
import { foldSubscription, reconcileSubscription, trialInfo, type ProviderSubscription } from './subscription-state';

const item = (productId: string, priceInCents: number): PlannedProduct => ({
  productId,
  title: productId,
  priceInCents,
  fullPriceInCents: priceInCents,
  offerApplied: false,
});

describe('planPurchase', () => {
  it('skips owned, grants free, spends credit first on whole items, sends the rest to the card', () => {
    const plan = planPurchase(
      [item('a', 1000), item('b', 0), item('c', 1500), item('d', 800), item('a', 1000)],
      new Set(['c']),
      1900,
    );
    expect(plan.lines.map((l) => [l.productId, l.settlement])).toEqual([
      ['a', 'credit'],
      ['b', 'free'],
      ['c', 'owned'],
      ['d', 'credit'],
    ]);
    expect(plan.creditToSpendInCents).toBe(1800);
    expect(plan.cardTotalInCents).toBe(0);
  });

  it('an item the remaining credit cannot cover goes to the card, a cheaper later one may still use credit', () => {
    const plan = planPurchase([item('big', 3000), item('small', 500)], new Set(), 1000);
    expect(plan.lines.map((l) => l.settlement)).toEqual(['card', 'credit']);
    expect(plan.cardTotalInCents).toBe(3000);
    expect(plan.creditToSpendInCents).toBe(500);
  });

  it('without credit everything priced goes to the card', () => {
    expect(planPurchase([item('x', 100)], new Set(), 0).lines[0].settlement).toBe('card');
  });
});

describe('ownership and credit from streams', () => {
  it('a refunded purchase is not owned', () => {
    const stream = [
      { type: 'PurchaseCompleted', payload: { purchaseId: 'p1' } },
      { type: 'PurchaseRefunded', payload: { purchaseId: 'p1' } },
    ];
    expect(ownedPurchaseIds(stream).size).toBe(0);
    expect(ownedPurchaseIds([...stream, { type: 'PurchaseCompleted', payload: { purchaseId: 'p2' } }])).toEqual(new Set(['p2']));
  });

  it('credit is grants minus spends, in dollars for the API', () => {
    const s = foldCredit([
      { type: 'CreditGranted', payload: { grantId: 'in_1', amountInCents: 1000 } },
      { type: 'CreditSpent', payload: { spendId: 's1', amountInCents: 250 } },
    ]);
    expect(s.balanceInCents).toBe(750);
    expect(s.grantIds.has('in_1')).toBe(true);
    expect(centsToDollars(s.balanceInCents)).toBe(7.5);
  });
});

describe('payment options', () => {
  const opt = (id: string, interval: 'month' | 'year', intervalCount: number): PriceOptionRow => ({
    id,
    appId: null,
    priceId: `price_${id}`,
    amountInCents: 12000,
    currency: 'usd',
    interval,
    intervalCount,
    displayName: id,
    description: '',
    features: [],
    planCategory: 'membership',
    trialDays: 0,
    periodCreditInCents: 0,
    tierSlug: null,
  });
  it('moves the yearly (or 12-month) option first and preselects it', () => {
    expect(orderOptions([opt('m', 'month', 1), opt('q', 'month', 3), opt('y', 'year', 1)])).toMatchObject({
      options: [{ id: 'y' }, { id: 'm' }, { id: 'q' }],
      defaultSelectedId: 'y',
    });
    expect(orderOptions([opt('m', 'month', 1), opt('twelve', 'month', 12)]).defaultSelectedId).toBe('twelve');
    expect(orderOptions([opt('m', 'month', 1), opt('two', 'year', 2)]).defaultSelectedId).toBe('m');
    expect(orderOptions([]).defaultSelectedId).toBeNull();
  });
  it('answers prices in cents with the monthly price of yearly plans', () => {
    expect(toPaymentOption(opt('y', 'year', 1))).toMatchObject({
      price: 12000,
      monthlyPrice: 1000,
      currency: 'USD',
      durationUnit: 'year',
    });
  });
});

describe('subscription reconciliation (out-of-order webhooks)', () => {
  const sub = (o: Partial<ProviderSubscription>): ProviderSubscription => ({
    id: 'sub_1',
    customerId: 'cus_1',
    status: 'trialing',
    trialEnd: '2026-12-01T00:00:00.000Z',
    currentPeriodEnd: '2026-12-01T00:00:00.000Z',
    startedAt: '2026-11-24T00:00:00.000Z',
    canceledAt: null,
    cancelAtPeriodEnd: false,
    metadata: { userId: 'u1', storefrontSlug: 'sparkhouse', appSlug: 'membership', priceOptionId: 'membership-monthly' },
    ...o,
  });

  it('starts, ends the trial, then cancels — each once', () => {
    let stream: { type: string; payload: unknown }[] = [];
    const apply = (s: ProviderSubscription) => {
      const out = reconcileSubscription(foldSubscription(stream), s);
      stream = [...stream, ...out];
      return out.map((e) => e.type);
    };
    expect(apply(sub({}))).toEqual(['SubscriptionStarted']);
    expect(apply(sub({}))).toEqual([]);
    const active = sub({ status: 'active', trialEnd: '2026-11-30T00:00:00.000Z', currentPeriodEnd: '2026-12-30T00:00:00.000Z' });
    expect(apply(active)).toEqual(['SubscriptionTrialEnded', 'SubscriptionStatusChanged']);
    expect(apply(active)).toEqual([]);
    expect(apply(sub({ status: 'canceled', canceledAt: '2026-12-02T00:00:00.000Z' }))).toEqual(['SubscriptionCanceled']);
    expect(apply(active)).toEqual([]);
  });

  it('a state first seen late (already canceled) still starts and cancels', () => {
    const out = reconcileSubscription(foldSubscription([]), sub({ status: 'canceled' }));
    expect(out.map((e) => e.type)).toEqual(['SubscriptionStarted', 'SubscriptionCanceled']);
  });

  it('ignores subscriptions that are not ours (no user in metadata)', () => {
    expect(reconcileSubscription(foldSubscription([]), sub({ metadata: {} }))).toEqual([]);
  });

  it('counts whole trial days left', () => {
    const now = Date.parse('2026-11-24T00:00:00.000Z');
    expect(trialInfo('trialing', '2026-12-01T00:00:00.000Z', now)).toEqual({ trialDaysRemaining: 7, isTrialExpired: false });
    expect(trialInfo('trialing', '2026-11-24T12:00:00.000Z', now)).toEqual({ trialDaysRemaining: 1, isTrialExpired: false });
    expect(trialInfo('active', '2026-11-20T00:00:00.000Z', now)).toEqual({ trialDaysRemaining: 0, isTrialExpired: true });
    expect(trialInfo('active', null, now)).toEqual({ trialDaysRemaining: 0, isTrialExpired: false });
  });
});
