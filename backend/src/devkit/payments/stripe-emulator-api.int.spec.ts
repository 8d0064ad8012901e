import Stripe from 'stripe';
import { parseForm } from './form-encoding';
import { startEmulator, TEST_KEY } from './emulator-test-kit';
import type { StripeEmulator } from './stripe-emulator';

describe('stripe emulator: REST API through the real SDK', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  let baseUrl: string;

  beforeAll(async () => {
    ({ emulator, stripe, baseUrl } = await startEmulator());
  });
  afterAll(() => emulator.close());

  it('parses the SDK form dialect: nesting, indexed arrays, plus as space', () => {
    expect(
      parseForm('a[b][0]=c&a[b][1]=d&line_items[0][price]=p&line_items[0][quantity]=2&name=Ada+L%C3%B6velace&m[k]='),
    ).toEqual({
      a: { b: ['c', 'd'] },
      line_items: [{ price: 'p', quantity: '2' }],
      name: 'Ada Lövelace',
      m: { k: '' },
    });
    expect(parseForm('__proto__[x]=1&ok=1')).toEqual({ ok: '1' });
  });

  it('creates, retrieves, updates and lists customers by email', async () => {
    const email = `ada-${Date.now()}@example.com`;
    const created = await stripe.customers.create({ email, name: 'Ada', metadata: { userId: 'u1', drop: 'x' } });
    expect(created).toMatchObject({ object: 'customer', email, name: 'Ada', livemode: false, metadata: { userId: 'u1' } });
    expect(created.id).toMatch(/^cus_\w{24}$/);
    expect(typeof created.created).toBe('number');

    const updated = await stripe.customers.update(created.id, { name: 'Ada L.', metadata: { drop: '' } });
    expect(updated.name).toBe('Ada L.');
    expect(updated.metadata).toEqual({ userId: 'u1' });
    expect((await stripe.customers.retrieve(created.id)) as Stripe.Customer).toMatchObject({ id: created.id, name: 'Ada L.' });

    await stripe.customers.create({ email: 'someone-else@example.com' });
    const list = await stripe.customers.list({ email, limit: 10 });
    expect(list.object).toBe('list');
    expect(list.data.map((c) => c.id)).toEqual([created.id]);
  });

  it('creates products and one-time and recurring prices, lists prices by product', async () => {
    const product = await stripe.products.create({ name: 'Pottery class', metadata: { classId: 'c1' } });
    expect(product).toMatchObject({ object: 'product', name: 'Pottery class', active: true });
    expect(product.id).toMatch(/^prod_/);
    const once = await stripe.prices.create({ product: product.id, unit_amount: 2500, currency: 'usd' });
    const monthly = await stripe.prices.create({
      product: product.id,
      unit_amount: 900,
      currency: 'usd',
      recurring: { interval: 'month', interval_count: 1 },
    });
    expect(once).toMatchObject({
      object: 'price',
      type: 'one_time',
      unit_amount: 2500,
      currency: 'usd',
      recurring: null,
      product: product.id,
    });
    expect(monthly).toMatchObject({ type: 'recurring', recurring: { interval: 'month', interval_count: 1 } });
    expect((await stripe.products.retrieve(product.id)).name).toBe('Pottery class');
    expect((await stripe.prices.retrieve(once.id)).unit_amount).toBe(2500);
    const listed = await stripe.prices.list({ product: product.id });
    expect(listed.data.map((p) => p.id).sort()).toEqual([once.id, monthly.id].sort());
  });

  it('answers a missing required param with a 400 invalid_request_error naming it', async () => {
    const err = await stripe.prices
      .create({ unit_amount: 1, currency: 'usd' } as Stripe.PriceCreateParams)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ statusCode: 400, param: 'product' });
  });

  it("answers an unknown id with 404 resource_missing in Stripe's error shape", async () => {
    const err = await stripe.customers.retrieve('cus_doesnotexist').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such customer: 'cus_doesnotexist'",
    });

    const raw = await fetch(`${baseUrl}/v1/prices/price_nope`, { headers: { authorization: `Bearer ${TEST_KEY}` } });
    expect(raw.status).toBe(404);
    expect(await raw.json()).toEqual({
      error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such price: 'price_nope'", param: 'id' },
    });
  });

  it('refuses requests without a valid test key with 401', async () => {
    const none = await fetch(`${baseUrl}/v1/customers`);
    expect(none.status).toBe(401);
    expect((await none.json()).error).toMatchObject({ type: 'invalid_request_error' });

    const { port } = new URL(baseUrl);
    const badSdk = new Stripe('sk_live_notatest', {
      host: '127.0.0.1',
      port: Number(port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const err = await badSdk.customers.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(err).toMatchObject({ statusCode: 401 });
  });

  it('replays a POST with the same Idempotency-Key and body, and refuses the key with another body', async () => {
    const key = `idem-${Date.now()}`;
    const first = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: key });
    const again = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.customers.list({ email: 'idem@example.com' })).data).toHaveLength(1);

    const err = await stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: key }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(err).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
  });
});
