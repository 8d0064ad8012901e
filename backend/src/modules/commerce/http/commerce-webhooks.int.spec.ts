import { eventually } from '../../../test-support';
import { publish, useCatalogueApi } from '../../../test-support/catalogue-api';
import { ProcessStripeEventHandler } from '../commands/process-stripe-event.command';
import {
  CARDS,
  deliver,
  emulatorEvents,
  payCheckout,
  seedPlans,
  sql,
  startMembershipCheckout,
  streamOf,
  stripeOf,
} from '../test/commerce-test-kit';

/*
 * The webhook with deliveries under the test's control (the emulator's own delivery is off here):
 * signatures, duplicates, reversed order, refunds, declined cards (double submits: commerce-checkout-dedupe).
 */
describe('Stripe webhook: signatures, duplicates, order, refunds', () => {
  const api = useCatalogueApi({ STRIPE_EMULATOR_WEBHOOKS: 'false' });
  let product: { id: string };
  let other: { id: string };

  beforeAll(async () => {
    product = await publish(api, { title: 'Webhook Piano', priceInfo: { priceInCents: 2900, currency: 'USD' } });
    other = await publish(api, { title: 'Webhook Drums', priceInfo: { priceInCents: 1500, currency: 'USD' } });
    await seedPlans(api);
    await eventually(
      async () => (await api.get('/payments/payment-options/sparkhouse/membership')).body.response?.payment_options?.length === 2,
    );
  });

  const owned = async (userId: string, productId: string) =>
    (await api.get(`/getUserPurchaseForProduct?product_id=${productId}`, userId)).body.purchase?.owned === true;

  it('refuses a bad or missing signature with 400 and stores nothing', async () => {
    const event = {
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_x' } },
    };
    const forged = await deliver(api, event, 't=1,v1=deadbeef');
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('Webhook signature verification failed.');
    const missing = await api.raw('/payments/webhook', {
      method: 'POST',
      body: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.status).toBe(400);
    expect(await sql(api, `select * from commerce_stripe_event`)).toEqual([]);
    expect((await api.raw('/payments/webhook')).status).toBe(405);
  });

  it('is served ahead of the request pipeline (none of its headers), the hosted checkout page within it', async () => {
    const webhook = await api.raw('/payments/webhook', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(webhook.status).toBe(400);
    expect(webhook.headers.get('content-security-policy')).toBeNull();
    expect(webhook.headers.get('x-request-id')).toBeNull();
    const page = await api.raw('/stripe-emulator/checkout/cs_test_unknown');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-request-id')).toBeTruthy();
  });

  it('a card purchase delivered 10 times (all of its events) makes one purchase, with the attribution', async () => {
    const res = await api.post(
      '/purchase',
      {
        product_id: product.id,
        payment_info: { utm_source: 'newsletter', utm_campaign: 'fall', discountCode: 'FALL10', referrer: 'friend-site' },
      },
      'buyer-dup',
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ completed: false, checkoutProductIds: [product.id], purchasedProductIds: [] });
    expect(res.body.url).toContain('/api/stripe-emulator/checkout/cs_test_');
    const paid = await payCheckout(api, res.body.url, CARDS.ok);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`session_id=${res.body.sessionId}`);
    // nothing is owned until the webhook lands: the browser reaching the success URL buys nothing
    expect(await owned('buyer-dup', product.id)).toBe(false);
    const events = (await emulatorEvents(api)).filter(
      (e) => JSON.stringify(e).includes(res.body.sessionId) || e.type === 'payment_intent.succeeded',
    );
    expect(events.map((e) => e.type)).toContain('checkout.session.completed');
    const answers = await Promise.all(Array.from({ length: 10 }, () => events.map((e) => deliver(api, e))).flat());
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.duplicate === false).length).toBe(events.length);
    const stream = await streamOf(api, `purchase-buyer-dup-${product.id}`);
    expect(stream.map((e) => e.type)).toEqual(['PurchaseCompleted']);
    expect(stream[0].payload).toMatchObject({
      priceInCents: 2900,
      source: 'stripe',
      checkoutSessionId: res.body.sessionId,
      discountCode: 'FALL10',
      attribution: { utm_source: 'newsletter', utm_campaign: 'fall', referrer: 'friend-site' },
    });
    await eventually(() => owned('buyer-dup', product.id));
    // the checkout's read model is another projection than ownership's: it may be a moment behind
    const status = await eventually(async () => {
      const s = await api.get(`/payments/checkout-sessions/${res.body.sessionId}`, 'buyer-dup');
      return s.body.response?.status === 'completed' ? s : null;
    });
    expect(status.body.response).toMatchObject({
      status: 'completed',
      mode: 'payment',
      productIds: [product.id],
      amountTotalInCents: 2900,
    });
    expect((await api.get(`/payments/checkout-sessions/${res.body.sessionId}`, 'someone-else')).status).toBe(404);
    // owned now: buying again is skipped
    const again = await api.post('/purchase', { product_id: product.id, payment_info: {} }, 'buyer-dup');
    expect(again.body).toMatchObject({ completed: true, url: null, alreadyOwnedProductIds: [product.id] });
    // the card is on file
    const card = await api.post('/getCardData', {}, 'buyer-dup');
    expect(card.body).toEqual({ cardData: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 } });
  });

  it('a refund makes the product not owned; delivered twice, refunded once', async () => {
    const res = await api.post('/purchase', { product_id: other.id, payment_info: {} }, 'buyer-refund');
    await payCheckout(api, res.body.url, CARDS.ok);
    for (const e of await emulatorEvents(api)) await deliver(api, e);
    await eventually(() => owned('buyer-refund', other.id));
    const [completed] = await sql<{ payment_intent_id: string }>(
      api,
      `select payment_intent_id from commerce_payment where session_id = ?`,
      [res.body.sessionId],
    );
    const stripe = await stripeOf(api);
    await stripe.refunds.create({ payment_intent: completed.payment_intent_id });
    const [refunded] = await emulatorEvents(api, 'charge.refunded');
    expect((await deliver(api, refunded)).status).toBe(200);
    expect((await deliver(api, refunded)).body.duplicate).toBe(true);
    const purchase = await eventually(async () => {
      const p = (await api.get(`/getUserPurchaseForProduct?product_id=${other.id}`, 'buyer-refund')).body.purchase;
      return p?.refundedInfo ? p : null;
    });
    expect(purchase.owned).toBe(false);
    expect((await streamOf(api, `purchase-buyer-refund-${other.id}`)).map((e) => e.type)).toEqual([
      'PurchaseCompleted',
      'PurchaseRefunded',
    ]);
    // not owned any more: it can be bought again
    const rebuy = await api.post('/purchase', { product_id: other.id, payment_info: {} }, 'buyer-refund');
    expect(rebuy.body.checkoutProductIds).toEqual([other.id]);
  });

  /** Buys `productId` by card and refunds it at Stripe before any webhook is delivered; answers its events. */
  const paidThenRefunded = async (userId: string, productId: string) => {
    const res = await api.post('/purchase', { product_id: productId, payment_info: {} }, userId);
    expect((await payCheckout(api, res.body.url, CARDS.ok)).status).toBe(303);
    const stripe = await stripeOf(api);
    const paymentIntent = String((await stripe.checkout.sessions.retrieve(res.body.sessionId)).payment_intent);
    await stripe.refunds.create({ payment_intent: paymentIntent });
    const mine = (await emulatorEvents(api)).filter(
      (e) => JSON.stringify(e).includes(res.body.sessionId) || JSON.stringify(e).includes(paymentIntent),
    );
    const completion = mine.filter((e) => e.type === 'checkout.session.completed');
    const refund = mine.filter((e) => e.type === 'charge.refunded');
    expect([completion.length, refund.length]).toEqual([1, 1]);
    return { sessionId: res.body.sessionId as string, mine, completion: completion[0], refund: refund[0] };
  };

  const refundedPurchase = (userId: string, productId: string) =>
    eventually(async () => {
      const p = (await api.get(`/getUserPurchaseForProduct?product_id=${productId}`, userId)).body.purchase;
      return p?.refundedInfo ? p : null;
    });

  it('a refund processed before its checkout completion is not lost; all redelivered, refunded once', async () => {
    const { mine, completion, refund } = await paidThenRefunded('buyer-early-refund', other.id);
    // the refund lands first: nothing is bought yet, but it is acknowledged and kept
    expect(await deliver(api, refund)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await streamOf(api, `purchase-buyer-early-refund-${other.id}`)).toEqual([]);
    // the completion's own Stripe read raced ahead of the refund (saw the charge unrefunded): the kept refund still applies
    const read = jest.spyOn(ProcessStripeEventHandler.prototype as never, 'fullRefundOf').mockResolvedValueOnce(null as never);
    try {
      expect((await deliver(api, completion)).status).toBe(200);
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      read.mockRestore();
    }
    const stream = await streamOf(api, `purchase-buyer-early-refund-${other.id}`);
    expect(stream.map((e) => e.type)).toEqual(['PurchaseCompleted', 'PurchaseRefunded']);
    expect(stream[1].payload).toMatchObject({
      productId: other.id,
      reason: expect.stringContaining(String(refund.data.object.id)),
    });
    expect((await refundedPurchase('buyer-early-refund', other.id)).owned).toBe(false);
    // every event of the purchase delivered 5 more times at once, in both orders: still one refund
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => (i % 2 ? [...mine].reverse() : mine).map((e) => deliver(api, e))).flat(),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await streamOf(api, `purchase-buyer-early-refund-${other.id}`)).map((e) => e.type)).toEqual([
      'PurchaseCompleted',
      'PurchaseRefunded',
    ]);
    expect((await api.get(`/getUserPurchaseForProduct?product_id=${other.id}`, 'buyer-early-refund')).body.purchase.owned).toBe(
      false,
    );
  });

  it('a completion processed after a refund whose webhook never came re-reads the refund from Stripe', async () => {
    const { completion } = await paidThenRefunded('buyer-lost-refund', product.id);
    expect((await deliver(api, completion)).status).toBe(200);
    expect((await streamOf(api, `purchase-buyer-lost-refund-${product.id}`)).map((e) => e.type)).toEqual([
      'PurchaseCompleted',
      'PurchaseRefunded',
    ]);
    expect((await refundedPurchase('buyer-lost-refund', product.id)).owned).toBe(false);
    // the refund's own webhook arriving late afterwards changes nothing
    const [late] = (await emulatorEvents(api, 'charge.refunded')).slice(-1);
    expect((await deliver(api, late)).status).toBe(200);
    expect((await streamOf(api, `purchase-buyer-lost-refund-${product.id}`)).map((e) => e.type)).toEqual([
      'PurchaseCompleted',
      'PurchaseRefunded',
    ]);
  });

  it('a declined card (4000 0000 0000 0002) creates nothing', async () => {
    const before = (await emulatorEvents(api)).length;
    const res = await api.post('/purchaseItems', { product_ids: [product.id, other.id], payment_info: {} }, 'buyer-declined');
    expect(res.body.checkoutProductIds).toEqual([product.id, other.id]);
    const paid = await payCheckout(api, res.body.url, CARDS.declined);
    expect(paid.status).toBe(402);
    expect(await paid.text()).toContain('Your card was declined.');
    expect((await emulatorEvents(api)).length).toBe(before);
    expect((await api.get(`/payments/checkout-sessions/${res.body.sessionId}`, 'buyer-declined')).body.response.status).toBe(
      'pending',
    );
    expect((await api.get('/getUserPurchases', 'buyer-declined')).body.purchases).toEqual([]);
    expect(await sql(api, `select * from domain_event where stream_id like 'purchase-buyer-declined-%'`)).toEqual([]);
  });

  it('subscription events in reverse order end in the right state; a renewal delivered 10 times grants one credit', async () => {
    const start = await startMembershipCheckout(api, 'member-1');
    expect(start.status).toBe(200);
    const { url, sessionId } = start.body.response;
    const seenBefore = new Set((await emulatorEvents(api)).map((e) => e.id));
    expect((await payCheckout(api, url, CARDS.ok)).status).toBe(303);
    const stripe = await stripeOf(api);
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const subId = String(session.subscription);
    // the trial ends and the first paid period is billed before any webhook arrives
    const { StripeGateway } = await import('../infra/stripe-gateway');
    await api.app.get(StripeGateway).advanceSubscription(subId, { trialEnd: true });
    const events = (await emulatorEvents(api)).filter((e) => !seenBefore.has(e.id));
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'checkout.session.completed',
      'customer.subscription.updated',
      'invoice.paid',
    ]);
    for (const e of [...events].reverse()) expect((await deliver(api, e)).status).toBe(200);
    const subs = await eventually(async () => {
      const r = (await api.get('/payments/subscriptions', 'member-1')).body.response;
      return r?.subscriptions?.length === 1 ? r : null;
    });
    expect(subs.subscriptions[0]).toMatchObject({
      subscriptionId: subId,
      status: 'active',
      trialDaysRemaining: 0,
      isTrialExpired: true,
    });
    expect(subs.hasActiveSubscription).toBe(true);
    expect((await api.get('/subscription', 'member-1')).body.response).toEqual({
      status: 'active',
      trialDaysRemaining: 0,
      isTrialExpired: true,
    });
    expect((await streamOf(api, `subscription-${subId}`)).map((e) => e.type)).toEqual([
      'SubscriptionStarted',
      'SubscriptionRenewed',
    ]);
    // a renewal, its invoice delivered 10 times at once
    await api.app.get(StripeGateway).advanceSubscription(subId, { renew: true });
    const [renewal] = (await emulatorEvents(api, 'invoice.paid')).slice(-1);
    await Promise.all(Array.from({ length: 10 }, () => deliver(api, renewal)));
    const credit = (await streamOf(api, 'credit-member-1')).filter((e) => e.type === 'CreditGranted');
    expect(credit).toHaveLength(2); // the first paid period and the renewal, each once
    await eventually(
      async () => (await api.get('/getMonthlyCreditForUser', 'member-1')).body.monthlyCreditInfo.monthlyCredit === 20,
    );
    // canceled at Stripe: the deletion arrives, the state follows
    await stripe.subscriptions.cancel(subId);
    const [deleted] = (await emulatorEvents(api, 'customer.subscription.deleted')).filter(
      (e) => (e.data.object as { id: string }).id === subId,
    );
    await deliver(api, deleted);
    await eventually(async () => (await api.get('/subscription', 'member-1')).body.response.status === 'canceled');
    // subscribing again after a cancellation: allowed, but without a second free trial
    const back = await startMembershipCheckout(api, 'member-1', { successUrl: '/ok', cancelUrl: '/cart' });
    expect(back.status).toBe(200);
    const backSession = (await stripe.checkout.sessions.retrieve(back.body.response.sessionId)) as unknown as {
      subscription_data: { trial_period_days: number | null } | null;
    };
    expect(backSession.subscription_data?.trial_period_days ?? null).toBeNull();
    // a late, older update changes nothing after the cancellation
    await deliver(api, events[2]);
    expect((await streamOf(api, `subscription-${subId}`)).at(-1)!.type).toBe('SubscriptionCanceled');
  });
});
