import { isEventOf } from '@sparkhouse/contracts';
import { eventually } from '../../../test-support';
import { publish, useCatalogueApi } from '../../../test-support/catalogue-api';
import { StripeGateway } from '../infra/stripe-gateway';
import { seedPlans, streamOf, stripeOf, subscribeToMembership } from '../test/commerce-test-kit';

/*
 * The membership follows the subscription's life, each transition driven through the Stripe emulator's
 * own signed webhooks (its PostgreSQL outbox delivers them to the API): getMembershipInfo answers spec 4's
 * rules from the real subscriptions and enrolments, getBasicUserInfo's membershipStatus and
 * stripeCustomerId follow, and every move of the status is a MembershipStatusChanged on the user's stream.
 */
describe('membership info and status from the real subscriptions and enrolments', () => {
  const api = useCatalogueApi();

  beforeAll(async () => {
    await seedPlans(api);
    await eventually(
      async () => (await api.get('/payments/payment-options/sparkhouse/membership')).body.response?.payment_options?.length === 2,
    );
  });

  const signUp = async (userId: string) => {
    const created = await api.post(
      '/users/createUser',
      { userId, email: `${userId}@example.com`, firstName: 'Mia', lastName: 'Member' },
      userId,
    );
    expect(created.status).toBe(200);
  };
  const info = async (userId: string) => (await api.get('/users/getMembershipInfo', userId)).body.response;
  const basic = async (userId: string) => (await api.get('/users/getBasicUserInfo', userId)).body.response;
  const statusBecomes = (userId: string, status: string) =>
    eventually(async () => ((await info(userId)).membershipStatus === status ? info(userId) : null));
  const moves = async (userId: string) =>
    (await streamOf(api, `user-${userId}`)).flatMap((e) => (isEventOf(e, 'MembershipStatusChanged') ? [e.payload.status] : []));

  /** Starts the membership's monthly plan (7-day trial) and pays on the emulator's page with `card`. */
  const subscribe = (userId: string, card: string) => subscribeToMembership(api, userId, card);

  it('a new user: inactive, nothing active; enrolments decide the class answers by their end dates', async () => {
    await signUp('learner-m');
    expect(await info('learner-m')).toEqual({
      membershipStatus: 'inactive',
      hasActiveSubscription: false,
      hasActiveOrTrialSubscription: false,
      isVip: false,
      hasActiveClass: false,
      hasAnyClass: false,
    });
    const ended = await publish(api);
    const running = await publish(api);
    const enrol = (productId: string, end: string) =>
      api.admin('POST', '/catalogue/admin/enrolments', {
        userId: 'learner-m',
        productId,
        classStartDate: '2026-01-01T00:00:00.000Z',
        classEndDate: end,
      });
    expect((await enrol(ended.id, '2026-02-01T00:00:00.000Z')).status).toBe(201);
    await eventually(async () => (await info('learner-m')).hasAnyClass);
    expect(await info('learner-m')).toMatchObject({ hasAnyClass: true, hasActiveClass: false });
    expect((await enrol(running.id, new Date(Date.now() + 30 * 86_400_000).toISOString())).status).toBe(201);
    await eventually(async () => (await info('learner-m')).hasActiveClass);
  });

  it('trial → active; the trial ends and its payment fails (4000 0000 0000 0341) → suspended; canceled → inactive', async () => {
    await signUp('member-fail');
    const { subId, customerId } = await subscribe('member-fail', '4000 0000 0000 0341');
    expect(customerId).toMatch(/^cus_/);
    expect(await statusBecomes('member-fail', 'active')).toMatchObject({
      hasActiveSubscription: false,
      hasActiveOrTrialSubscription: true,
    });
    expect((await basic('member-fail')).stripeCustomerId).toBe(customerId);

    await api.app.get(StripeGateway).advanceSubscription(subId, { trialEnd: true });
    expect(await statusBecomes('member-fail', 'suspended')).toMatchObject({
      hasActiveSubscription: false,
      hasActiveOrTrialSubscription: false,
    });
    expect((await basic('member-fail')).membershipStatus).toBe('suspended');
    const sub = await (await stripeOf(api)).subscriptions.retrieve(subId);
    expect(sub.status).toBe('past_due');

    await (await stripeOf(api)).subscriptions.cancel(subId);
    await statusBecomes('member-fail', 'inactive');
    expect((await basic('member-fail')).membershipStatus).toBe('inactive');
    expect(await moves('member-fail')).toEqual(['active', 'suspended', 'inactive']);
  });

  it('paid → active; canceled at period end it stays active until the period ends, then inactive', async () => {
    await signUp('member-leaving');
    const { subId } = await subscribe('member-leaving', '4242 4242 4242 4242');
    await statusBecomes('member-leaving', 'active');
    await api.app.get(StripeGateway).advanceSubscription(subId, { trialEnd: true });
    await eventually(async () => (await info('member-leaving')).hasActiveSubscription);

    const stripe = await stripeOf(api);
    await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
    await eventually(async () =>
      (await streamOf(api, `subscription-${subId}`)).some(
        (e) => isEventOf(e, 'SubscriptionStatusChanged') && e.payload.cancelAtPeriodEnd === true,
      ),
    );
    expect(await info('member-leaving')).toMatchObject({ membershipStatus: 'active', hasActiveSubscription: true });

    // the period ends: the subscription ends with it instead of renewing
    await api.app.get(StripeGateway).advanceSubscription(subId, { renew: true });
    expect(await statusBecomes('member-leaving', 'inactive')).toMatchObject({
      hasActiveSubscription: false,
      hasActiveOrTrialSubscription: false,
    });
    expect((await stripe.subscriptions.retrieve(subId)).status).toBe('canceled');
    expect(await moves('member-leaving')).toEqual(['active', 'inactive']);
  });
});
