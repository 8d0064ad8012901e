import Stripe from 'stripe';
import { CARDS, payCheckout, startEmulator } from './emulator-test-kit';
import type { StripeEmulator } from './stripe-emulator';

describe('stripe emulator: checkout, subscriptions, refunds', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  let baseUrl: string;
  let oncePrice: Stripe.Price;
  let monthlyPrice: Stripe.Price;

  beforeAll(async () => {
    ({ emulator, stripe, baseUrl } = await startEmulator());
    const product = await stripe.products.create({ name: 'Pottery class' });
    oncePrice = await stripe.prices.create({ product: product.id, unit_amount: 2500, currency: 'usd' });
    monthlyPrice = await stripe.prices.create({
      product: product.id,
      unit_amount: 900,
      currency: 'usd',
      recurring: { interval: 'month', interval_count: 1 },
    });
  });
  afterAll(() => emulator.close());

  const paymentSession = (extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
    stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: oncePrice.id, quantity: 2 }],
      success_url: 'https://app.test/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.test/cancelled',
      customer_email: 'buyer@example.com',
      client_reference_id: 'order-1',
      metadata: { orderId: 'o1' },
      ...extra,
    });

  const eventsOfType = async (type: string) => (await stripe.events.list({ type, limit: 100 })).data;

  it('pays a payment-mode session on the hosted page with 4242 and redirects to success_url', async () => {
    const session = await paymentSession();
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 5000,
      client_reference_id: 'order-1',
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${baseUrl}/checkout/${session.id}`);

    const page = await fetch(session.url as string);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Pottery class × 2');
    expect(html).toContain('$50.00');
    // relative, so the form posts back to the page's own address wherever the page is mounted
    expect(html).toContain(`action="${session.id}/pay"`);
    expect(html).toContain('href="https://app.test/cancelled"');

    const paid = await payCheckout(session.url as string, CARDS.ok);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://app.test/done?session=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', metadata: { orderId: 'o1' } });
    const pi = await stripe.paymentIntents.retrieve(done.payment_intent as string);
    expect(pi).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 5000,
      currency: 'usd',
      customer: done.customer,
    });
    expect(pi.id).toMatch(/^pi_/);
    const customer = (await stripe.customers.retrieve(done.customer as string)) as Stripe.Customer;
    expect(customer.email).toBe('buyer@example.com');

    const methods = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(methods.data).toHaveLength(1);
    expect(methods.data[0]).toMatchObject({
      type: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    });
    expect(methods.data[0].id).toMatch(/^pm_/);

    expect(
      (await eventsOfType('checkout.session.completed')).map((e) => (e.data.object as Stripe.Checkout.Session).id),
    ).toContain(session.id);
    expect((await eventsOfType('payment_intent.succeeded')).map((e) => (e.data.object as Stripe.PaymentIntent).id)).toContain(
      pi.id,
    );

    // a session is paid once
    const twice = await payCheckout(session.url as string, CARDS.ok);
    expect(twice.status).toBe(409);
    expect((await fetch(session.url as string)).status).toBe(200);
  });

  it('shows the decline on the page and creates nothing for 4000 0000 0000 0002', async () => {
    const session = await paymentSession({ customer_email: 'declined@example.com' });
    const eventsBefore = (await stripe.events.list({ limit: 100 })).data.length;
    const res = await payCheckout(session.url as string, CARDS.declined);
    expect(res.status).toBe(402);
    expect(await res.text()).toContain('Your card was declined.');
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      customer: null,
    });
    expect((await stripe.customers.list({ email: 'declined@example.com' })).data).toHaveLength(0);
    expect((await stripe.events.list({ limit: 100 })).data.length).toBe(eventsBefore);

    const invalid = await payCheckout(session.url as string, CARDS.invalid);
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('Your card number is invalid.');
  });

  it('retries from the page a decline answered, as a browser does: the form posts to the same session', async () => {
    const session = await paymentSession({ customer_email: 'retry@example.com' });
    // the first page's form posts to the session's pay address
    const first = await (await fetch(session.url as string)).text();
    expect(new URL(/<form method="post" action="([^"]+)"/.exec(first)![1], session.url as string).href).toBe(
      `${session.url}/pay`,
    );
    // a card that attaches but cannot be charged declines a payment too
    const declined = await payCheckout(session.url as string, '4000 0000 0000 0341');
    expect(declined.status).toBe(402);
    const html = await declined.text();
    expect(html).toContain('Your card was declined.');
    // the browser is at …/checkout/<id>/pay now: the form's action resolves against that address
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1];
    const retryUrl = new URL(action, `${session.url}/pay`).href;
    expect(retryUrl).toBe(`${session.url}/pay`);
    const form = new URLSearchParams({ card_number: CARDS.ok, exp: '12/34', cvc: '123', name: 'Ada Lovelace' });
    const paid = await fetch(retryUrl, {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
  });

  it('starts a trialing subscription from a subscription session with a 7-day trial', async () => {
    const customer = await stripe.customers.create({ email: 'sub@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: monthlyPrice.id, quantity: 1 }],
      subscription_data: { trial_period_days: 7, metadata: { plan: 'pro' } },
      success_url: 'https://app.test/subscribed',
    });
    expect(await (await fetch(session.url as string)).text()).toContain('7-day free trial');
    expect((await payCheckout(session.url as string, CARDS.ok)).headers.get('location')).toBe('https://app.test/subscribed');

    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'no_payment_required', customer: customer.id });
    const sub = await stripe.subscriptions.retrieve(done.subscription as string);
    expect(sub).toMatchObject({ object: 'subscription', status: 'trialing', customer: customer.id, metadata: { plan: 'pro' } });
    expect(sub.id).toMatch(/^sub_/);
    expect(sub.trial_end! - sub.trial_start!).toBe(7 * 86_400);
    expect(sub.items.data[0]).toMatchObject({ price: { id: monthlyPrice.id }, quantity: 1, current_period_end: sub.trial_end });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data.map((s) => s.id)).toEqual([sub.id]);

    const active = await emulator.advanceSubscription(sub.id, { trialEnd: true });
    expect(active.status).toBe('active');
    const invoice = (await eventsOfType('invoice.paid')).find(
      (e) => (e.data.object as Stripe.Invoice).id === active.latest_invoice,
    );
    expect(invoice?.data.object).toMatchObject({ status: 'paid', amount_paid: 900, customer: customer.id });
    expect((await eventsOfType('customer.subscription.updated'))[0].data).toMatchObject({
      object: { id: sub.id, status: 'active' },
      previous_attributes: { status: 'trialing' },
    });

    const renewed = await emulator.advanceSubscription(sub.id, { renew: true });
    expect(renewed.current_period_start).toBe(active.current_period_end);

    const canceled = await stripe.subscriptions.cancel(sub.id);
    expect(canceled.status).toBe('canceled');
    expect((await eventsOfType('customer.subscription.deleted'))[0].data.object).toMatchObject({
      id: sub.id,
      status: 'canceled',
    });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(0);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1);
  });

  it('bills at once an active subscription without a trial', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'now@example.com',
      line_items: [{ price: monthlyPrice.id, quantity: 1 }],
      success_url: 'https://app.test/ok',
    });
    await payCheckout(session.url as string, CARDS.ok);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done.payment_status).toBe('paid');
    const sub = await stripe.subscriptions.retrieve(done.subscription as string);
    expect(sub).toMatchObject({ status: 'active', trial_end: null });
    expect((await eventsOfType('invoice.paid')).some((e) => (e.data.object as Stripe.Invoice).id === sub.latest_invoice)).toBe(
      true,
    );
  });

  it('refunds a payment and records charge.refunded', async () => {
    const session = await paymentSession({ customer_email: 'refund@example.com' });
    await payCheckout(session.url as string, CARDS.ok);
    const pi = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    const refund = await stripe.refunds.create({ payment_intent: pi });
    expect(refund).toMatchObject({ object: 'refund', status: 'succeeded', amount: 5000, payment_intent: pi });
    expect(refund.id).toMatch(/^re_/);
    const refunded = (await eventsOfType('charge.refunded'))[0];
    expect(refunded.id).toMatch(/^evt_/);
    expect(refunded).toMatchObject({ object: 'event', livemode: false, api_version: expect.any(String) });
    expect(refunded.data.object).toMatchObject({ object: 'charge', payment_intent: pi, refunded: true, amount_refunded: 5000 });
    expect((await stripe.events.retrieve(refunded.id)).type).toBe('charge.refunded');

    const again = await stripe.refunds.create({ payment_intent: pi }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again).toMatchObject({ code: 'charge_already_refunded' });
  });

  it('refuses a recurring price in payment mode', async () => {
    const err = await paymentSession({ line_items: [{ price: monthlyPrice.id, quantity: 1 }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ statusCode: 400, param: 'line_items' });
  });
});
