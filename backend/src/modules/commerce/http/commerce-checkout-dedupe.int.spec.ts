import { eventually } from '../../../test-support';
import { publish, useCatalogueApi } from '../../../test-support/catalogue-api';
import { CARDS, deliver, emulatorEvents, payCheckout, seedPlans, sql, stripeOf } from '../test/commerce-test-kit';

/*
 * A double submit makes one checkout session: /purchase, /purchaseItems and both subscription checkout calls
 * answer concurrent identical requests of one buyer with the same open session (deliveries under the test's
 * control; the emulator's own delivery is off here).
 */
describe('checkout double submit', () => {
  const api = useCatalogueApi({ STRIPE_EMULATOR_WEBHOOKS: 'false' });
  let product: { id: string };
  let other: { id: string };

  beforeAll(async () => {
    product = await publish(api, { title: 'Checkout Piano', priceInfo: { priceInCents: 2900, currency: 'USD' } });
    other = await publish(api, { title: 'Checkout Drums', priceInfo: { priceInCents: 1500, currency: 'USD' } });
    await seedPlans(api);
    await eventually(
      async () => (await api.get('/payments/payment-options/sparkhouse/membership')).body.response?.payment_options?.length === 2,
    );
  });

  /** The checkout sessions the buyer's CheckoutSessionStarted events record, oldest first. */
  const startedSessionsOf = async (buyer: string) =>
    (
      await sql<{ session_id: string }>(
        api,
        `select payload->>'sessionId' as session_id from domain_event
          where type = 'CheckoutSessionStarted' and payload->>'userId' = ? order by position`,
        [buyer],
      )
    ).map((r) => r.session_id);
  /** How many checkout sessions Stripe (the emulator) holds for the buyer. */
  const stripeSessionsOf = async (buyer: string) =>
    (
      await sql<{ n: number }>(
        api,
        `select count(*)::int as n from stripe_emulator_object where kind = 'checkout_session' and data->>'client_reference_id' = ?`,
        [buyer],
      )
    )[0].n;

  it('a double submit makes one checkout session: concurrent requests for the same items get the same answer', async () => {
    const buyer = 'buyer-double';
    const startedSessions = () => startedSessionsOf(buyer);
    const stripeSessions = () => stripeSessionsOf(buyer);
    const items = (ids: string[]) =>
      api.post('/purchaseItems', { product_ids: ids, payment_info: { utm_source: 'mail' } }, buyer);
    // eight at once, in both orders of the same two products
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => items(i % 2 ? [product.id, other.id] : [other.id, product.id])),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const first = answers[0].body;
    expect(first.url).toContain(`/api/stripe-emulator/checkout/${first.sessionId}`);
    for (const a of answers)
      expect({ url: a.body.url, sessionId: a.body.sessionId }).toEqual({ url: first.url, sessionId: first.sessionId });
    expect(await startedSessions()).toEqual([first.sessionId]);
    expect(await stripeSessions()).toBe(1);

    // another item set is another session; /purchase of one product is that same item set
    const single = await Promise.all([
      items([product.id]),
      api.post('/purchase', { product_id: product.id, payment_info: { utm_source: 'mail' } }, buyer),
    ]);
    expect(single[0].body.sessionId).not.toBe(first.sessionId);
    expect(single[1].body.sessionId).toBe(single[0].body.sessionId);
    // other payment details (a discount code) are another checkout too
    const coded = await api.post(
      '/purchaseItems',
      { product_ids: [product.id, other.id], payment_info: { discountCode: 'X1' } },
      buyer,
    );
    expect(coded.body.sessionId).not.toBe(first.sessionId);
    expect(await stripeSessions()).toBe(3);

    // paid, webhook not landed yet: Stripe says the session is complete, so it is not handed out again
    expect((await payCheckout(api, first.url, CARDS.ok)).status).toBe(303);
    const afterPay = await items([product.id, other.id]);
    expect(afterPay.body.sessionId).not.toBe(first.sessionId);
    // a session about to expire is not handed out either
    await sql(api, `update commerce_checkout_claim set expires_at = now() + interval '1 minute' where session_id = ?`, [
      single[0].body.sessionId,
    ]);
    const renewed = await items([product.id]);
    expect(renewed.body.sessionId).not.toBe(single[0].body.sessionId);
    expect(await stripeSessions()).toBe(5);
    // the paid one's completion lands: its claim is forgotten
    const [completion] = (await emulatorEvents(api, 'checkout.session.completed')).filter((e) =>
      JSON.stringify(e).includes(first.sessionId),
    );
    expect((await deliver(api, completion)).status).toBe(200);
    expect(await sql(api, `select 1 from commerce_checkout_claim where session_id = ?`, [first.sessionId])).toEqual([]);
  });

  it('a subscription double submit makes one checkout session; only an open, unpaid, unexpiring one is handed out again', async () => {
    const buyer = 'sub-double';
    const body = {
      userId: buyer,
      storefrontSlug: 'sparkhouse',
      appSlug: 'membership',
      priceOptionId: 'membership-monthly',
      successUrl: '/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: '/cart',
      metadata: { source: 'home', campaign: 'fall' } as Record<string, string>,
    };
    const start = async (change: Partial<typeof body> = {}) => {
      const res = await api.post('/payments/create-checkout-session', { ...body, ...change }, buyer);
      expect(res.status).toBe(200);
      return res.body.response as { url: string; sessionId: string };
    };
    // six at once: one session, one CheckoutSessionStarted, the same answer for all
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api.post('/payments/create-checkout-session', body, buyer)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const first = answers[0].body.response;
    expect(first.url).toContain(`/api/stripe-emulator/checkout/${first.sessionId}`);
    for (const a of answers) expect(a.body.response).toEqual(first);
    expect(await startedSessionsOf(buyer)).toEqual([first.sessionId]);
    expect(await stripeSessionsOf(buyer)).toBe(1);
    // coming back later with the same request (metadata in another order) is the same session too
    expect(await start({ metadata: { campaign: 'fall', source: 'home' } })).toEqual(first);

    // another option, other metadata, another return address: each its own session
    const yearly = await start({ priceOptionId: 'membership-yearly' });
    const otherMeta = await start({ metadata: { source: 'pricing' } });
    const otherCancel = await start({ cancelUrl: '/pricing' });
    const ids = [first.sessionId, yearly.sessionId, otherMeta.sessionId, otherCancel.sessionId];
    expect(new Set(ids).size).toBe(4);
    expect(await startedSessionsOf(buyer)).toEqual(ids);
    expect(await stripeSessionsOf(buyer)).toBe(4);
    expect((await (await stripeOf(api)).checkout.sessions.retrieve(yearly.sessionId)).mode).toBe('subscription');

    // a session about to expire is not handed out again
    await sql(api, `update commerce_checkout_claim set expires_at = now() + interval '1 minute' where session_id = ?`, [
      first.sessionId,
    ]);
    const renewed = await start();
    expect(renewed.sessionId).not.toBe(first.sessionId);
    expect(await start()).toEqual(renewed);

    // paid, webhook not landed yet: Stripe says the session is complete, so it is not handed out again
    const seenBefore = new Set((await emulatorEvents(api)).map((e) => e.id));
    expect((await payCheckout(api, yearly.url, CARDS.ok)).status).toBe(303);
    const afterPay = await start({ priceOptionId: 'membership-yearly' });
    expect(afterPay.sessionId).not.toBe(yearly.sessionId);
    expect(await stripeSessionsOf(buyer)).toBe(6);

    // the payment lands: its claim is forgotten, and the plan's one-live-subscription rule answers 409
    for (const e of (await emulatorEvents(api)).filter((x) => !seenBefore.has(x.id)))
      expect((await deliver(api, e)).status).toBe(200);
    expect(await sql(api, `select 1 from commerce_checkout_claim where session_id = ?`, [yearly.sessionId])).toEqual([]);
    await eventually(async () => (await api.get('/payments/subscriptions', buyer)).body.response?.subscriptions?.length === 1);
    const twice = await api.post('/payments/create-checkout-session', body, buyer);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ status: 'error', error: 'You already have a subscription to this plan.' });
    expect(await stripeSessionsOf(buyer)).toBe(6);

    // canceled: the buyer may subscribe again, but the open session made with a trial is not theirs any more
    const trialOf = async (sessionId: string) =>
      (
        await sql<{ trial: string | null }>(
          api,
          `select data->'subscription_data'->>'trial_period_days' as trial from stripe_emulator_object
            where kind = 'checkout_session' and id = ?`,
          [sessionId],
        )
      )[0].trial;
    expect(await trialOf(renewed.sessionId)).toBe('7');
    const subId = String((await (await stripeOf(api)).checkout.sessions.retrieve(yearly.sessionId)).subscription);
    const seenBeforeCancel = new Set((await emulatorEvents(api)).map((e) => e.id));
    await (await stripeOf(api)).subscriptions.cancel(subId);
    for (const e of (await emulatorEvents(api)).filter((x) => !seenBeforeCancel.has(x.id)))
      expect((await deliver(api, e)).status).toBe(200);
    await eventually(
      async () => (await api.get('/payments/subscriptions', buyer)).body.response?.subscriptions?.[0]?.status === 'canceled',
    );
    const returning = await start();
    expect(returning.sessionId).not.toBe(renewed.sessionId);
    expect(await trialOf(returning.sessionId)).toBeNull();
    expect(await start()).toEqual(returning);
  });

  it('a creator-platform double submit makes one checkout session per tier option', async () => {
    const buyer = 'creator-double';
    const body = {
      price_option_id: 'pro-monthly',
      success_url: '/dashboard/builder?mode=publish&payment_success=true&tier=pro',
      cancel_url: '/creator',
      tier_slug: 'pro',
    };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api.post('/payments/creator-platform/create-checkout-session', body, buyer)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const first = answers[0].body.response;
    for (const a of answers) expect(a.body.response).toEqual(first);
    expect(await startedSessionsOf(buyer)).toEqual([first.sessionId]);
    expect(await stripeSessionsOf(buyer)).toBe(1);
    // the other tier is another session; the membership's session for the same buyer is another too
    const starter = await api.post(
      '/payments/creator-platform/create-checkout-session',
      { ...body, price_option_id: 'starter-monthly', tier_slug: 'starter' },
      buyer,
    );
    expect(starter.status).toBe(200);
    expect(starter.body.response.sessionId).not.toBe(first.sessionId);
    expect(await stripeSessionsOf(buyer)).toBe(2);
    const stripe = await stripeOf(api);
    expect((await stripe.checkout.sessions.retrieve(first.sessionId)).metadata).toMatchObject({ tier_slug: 'pro' });
    expect((await stripe.checkout.sessions.retrieve(starter.body.response.sessionId)).metadata).toMatchObject({
      tier_slug: 'starter',
    });
  });
});
