import { isEventOf } from '@sparkhouse/contracts';
import { eventually } from '../../../test-support';
import { useCatalogueApi } from '../../../test-support/catalogue-api';
import { attemptedOnce, emulatorEvents, seedPlans, streamOf, stripeOf, subscribeToMembership } from '../test/commerce-test-kit';

/*
 * Cancel at period end and resume (the member app's Account screen): only the subscriber, through the
 * Stripe emulator (the SDK's subscriptions.update), recorded on the subscription's stream at once, the
 * webhook that follows adding nothing; other users get 404, bad ids 400, an ended subscription 409.
 */
describe('cancel a subscription at period end and resume it', () => {
  const api = useCatalogueApi();

  beforeAll(async () => {
    await seedPlans(api);
    await eventually(
      async () => (await api.get('/payments/payment-options/sparkhouse/membership')).body.response?.payment_options?.length === 2,
    );
  });

  async function subscribe(userId: string) {
    const { subId } = await subscribeToMembership(api, userId);
    // the checkout's webhook has recorded the subscription (trialing)
    await eventually(async () => (await streamOf(api, `subscription-${subId}`)).some((e) => isEventOf(e, 'SubscriptionStarted')));
    return subId;
  }

  const cancel = (subId: string, as: string) => api.post(`/payments/subscriptions/${subId}/cancel`, {}, as);
  const resume = (subId: string, as: string) => api.post(`/payments/subscriptions/${subId}/resume`, {}, as);
  const flags = async (subId: string) =>
    (await streamOf(api, `subscription-${subId}`)).flatMap((e) =>
      isEventOf(e, 'SubscriptionStatusChanged') ? [e.payload.cancelAtPeriodEnd] : [],
    );

  it('the subscriber cancels at period end (it still renews until then), then resumes; repeats change nothing', async () => {
    const subId = await subscribe('leaver-1');
    const canceled = await cancel(subId, 'leaver-1');
    expect(canceled.status).toBe(200);
    expect(canceled.body.response).toMatchObject({ subscriptionId: subId, status: 'trialing', cancelAtPeriodEnd: true });
    expect(canceled.body.response.currentPeriodEnd ?? canceled.body.response.trialEnd).toEqual(expect.any(String));
    const stripe = await stripeOf(api);
    expect((await stripe.subscriptions.retrieve(subId)).cancel_at_period_end).toBe(true);
    expect(await flags(subId)).toEqual([true]);

    // again: nothing new at the provider or on the stream (and the update's webhook adds nothing either)
    expect((await cancel(subId, 'leaver-1')).body.response.cancelAtPeriodEnd).toBe(true);
    const updated = (await emulatorEvents(api, 'customer.subscription.updated')).filter(
      (e) => (e.data.object as { id?: string }).id === subId,
    );
    expect(updated).toHaveLength(1);
    await attemptedOnce(api, updated[0].id);
    expect(await flags(subId)).toEqual([true]);

    const resumed = await resume(subId, 'leaver-1');
    expect(resumed.status).toBe(200);
    expect(resumed.body.response).toMatchObject({ subscriptionId: subId, status: 'trialing', cancelAtPeriodEnd: false });
    expect((await stripe.subscriptions.retrieve(subId)).cancel_at_period_end).toBe(false);
    expect(await flags(subId)).toEqual([true, false]);
    expect((await resume(subId, 'leaver-1')).body.response.cancelAtPeriodEnd).toBe(false);
    expect(await flags(subId)).toEqual([true, false]);
  });

  it('another user gets 404 and changes nothing; a bad id is 400; an ended subscription 409', async () => {
    const subId = await subscribe('leaver-2');
    const stranger = await cancel(subId, 'not-the-subscriber');
    expect(stranger.status).toBe(404);
    expect(JSON.stringify(stranger.body)).toContain('No such subscription.');
    expect((await resume(subId, 'not-the-subscriber')).status).toBe(404);
    const stripe = await stripeOf(api);
    expect((await stripe.subscriptions.retrieve(subId)).cancel_at_period_end).toBe(false);
    expect(await flags(subId)).toEqual([]);

    const bad = await cancel('not-a-subscription', 'leaver-2');
    expect(bad.status).toBe(400);
    expect((await cancel('sub_unknown123', 'leaver-2')).status).toBe(404);

    await stripe.subscriptions.cancel(subId);
    await eventually(async () =>
      (await streamOf(api, `subscription-${subId}`)).some((e) => isEventOf(e, 'SubscriptionCanceled')),
    );
    expect((await cancel(subId, 'leaver-2')).status).toBe(409);
    expect((await resume(subId, 'leaver-2')).status).toBe(409);
  });
});
