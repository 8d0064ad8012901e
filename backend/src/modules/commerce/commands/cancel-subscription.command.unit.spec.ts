import { foldSubscription } from '../domain/subscription-state';
import { CancelSubscription, decide as decideCancel } from './cancel-subscription.command';
import { ResumeSubscription, decide as decideResume } from './resume-subscription.command';

const started = (status: string, extra: Partial<ReturnType<typeof foldSubscription>> = {}) => ({
  ...foldSubscription([]),
  started: true,
  userId: 'u1',
  status,
  ...extra,
});

describe('cancel at period end / resume: the pure rules', () => {
  it('only the subscriber: another user or an unknown subscription is 404', () => {
    expect(() => decideCancel(started('active'), new CancelSubscription('u2', 'sub_1'))).toThrow(
      expect.objectContaining({ status: 404, message: 'No such subscription.' }),
    );
    expect(() => decideCancel(foldSubscription([]), new CancelSubscription('u1', 'sub_1'))).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => decideResume(started('active', { cancelAtPeriodEnd: true }), new ResumeSubscription('u2', 'sub_1'))).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });

  it('cancels a live subscription once; resumes only a canceled-at-period-end one', () => {
    expect(decideCancel(started('active'), new CancelSubscription('u1', 'sub_1'))).toBe(true);
    expect(decideCancel(started('trialing'), new CancelSubscription('u1', 'sub_1'))).toBe(true);
    expect(decideCancel(started('active', { cancelAtPeriodEnd: true }), new CancelSubscription('u1', 'sub_1'))).toBeNull();
    expect(decideResume(started('active', { cancelAtPeriodEnd: true }), new ResumeSubscription('u1', 'sub_1'))).toBe(false);
    expect(decideResume(started('active'), new ResumeSubscription('u1', 'sub_1'))).toBeNull();
  });

  it('an ended or unpaid subscription is 409', () => {
    expect(() => decideCancel(started('canceled', { canceled: true }), new CancelSubscription('u1', 'sub_1'))).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    expect(() => decideCancel(started('past_due'), new CancelSubscription('u1', 'sub_1'))).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    expect(() => decideResume(started('canceled', { canceled: true }), new ResumeSubscription('u1', 'sub_1'))).toThrow(
      expect.objectContaining({ status: 409 }),
    );
  });
});
