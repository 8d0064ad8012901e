import { hasActiveOrTrialSubscription, hasActiveSubscription } from './subscription-status';

describe('subscription status', () => {
  it('no subscriptions: neither active nor trial', () => {
    expect(hasActiveSubscription([])).toBe(false);
    expect(hasActiveOrTrialSubscription([])).toBe(false);
  });

  it('any active subscription counts', () => {
    const subs = [{ status: 'canceled' }, { status: 'active' }];
    expect(hasActiveSubscription(subs)).toBe(true);
    expect(hasActiveOrTrialSubscription(subs)).toBe(true);
  });

  it('a trial with days remaining and not expired counts as active-or-trial only', () => {
    const subs = [{ status: 'trialing', trialDaysRemaining: 3, isTrialExpired: false }];
    expect(hasActiveSubscription(subs)).toBe(false);
    expect(hasActiveOrTrialSubscription(subs)).toBe(true);
  });

  it('an expired trial or one with no days left does not', () => {
    expect(hasActiveOrTrialSubscription([{ status: 'trialing', trialDaysRemaining: 3, isTrialExpired: true }])).toBe(false);
    expect(hasActiveOrTrialSubscription([{ status: 'trialing', trialDaysRemaining: 0, isTrialExpired: false }])).toBe(false);
  });
});
