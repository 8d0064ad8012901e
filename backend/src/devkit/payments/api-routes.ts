import type { EmulatorStore, StripeObject } from './emulator-store';
import type { BillingEngine } from './billing-engine';
import type { FormObject } from './form-encoding';
import { optInt, optObject, optString, reqString, route, type Route } from './api-router';
import { invalid } from './stripe-errors';
import { base, listOf, mergeMetadata } from './stripe-objects';

export function metadataFrom(body: FormObject, current: Record<string, string> = {}, key = 'metadata'): Record<string, string> {
  try {
    return mergeMetadata(current, body[key], key);
  } catch (err) {
    throw invalid((err as Error).message, key);
  }
}

const INTERVALS = new Set(['day', 'week', 'month', 'year']);

/** Customers, products, prices, subscriptions, refunds, payment methods and intents, charges, invoices, events. */
export function apiRoutes(store: EmulatorStore, engine: BillingEngine): Route[] {
  const get = (kind: Parameters<typeof engine.mustGet>[0], prefix: string) => async (req: { params: string[] }) =>
    engine.mustGet(kind, req.params[0], prefix);

  return [
    route('POST', '/v1/customers', async ({ body }) =>
      engine.createCustomer({ email: optString(body, 'email'), name: optString(body, 'name'), metadata: metadataFrom(body) }),
    ),
    route('GET', '/v1/customers/:id', get('customer', 'cus')),
    route('POST', '/v1/customers/:id', async ({ params, body }) => {
      const customer = await engine.mustGet('customer', params[0], 'cus');
      for (const key of ['email', 'name', 'description'] as const) {
        const v = optString(body, key);
        if (v !== undefined) customer[key] = v === '' ? null : v;
      }
      customer.metadata = metadataFrom(body, customer.metadata);
      await store.put('customer', customer);
      return customer;
    }),
    route('GET', '/v1/customers', async ({ body }) => {
      const email = optString(body, 'email');
      return listOf('/v1/customers', await store.list('customer', email === undefined ? {} : { email }), body);
    }),

    route('POST', '/v1/products', async ({ body }) => {
      const product = base('prod', 'product', {
        name: reqString(body, 'name'),
        description: optString(body, 'description') ?? null,
        active: optString(body, 'active') !== 'false',
        metadata: metadataFrom(body),
      });
      await store.put('product', product);
      return product;
    }),
    route('GET', '/v1/products/:id', get('product', 'prod')),

    route('POST', '/v1/prices', async ({ body }) => {
      const product = await engine.mustGet('product', reqString(body, 'product'), 'prod', 'product');
      const unitAmount = optInt(body, 'unit_amount');
      if (unitAmount === undefined) throw invalid('Missing required param: unit_amount.', 'unit_amount', 'parameter_missing');
      if (unitAmount < 0) throw invalid('This value must be greater than or equal to 0.', 'unit_amount');
      const currency = reqString(body, 'currency').toLowerCase();
      if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}.`, 'currency');
      const recurringIn = optObject(body, 'recurring');
      let recurring: Record<string, unknown> | null = null;
      if (recurringIn) {
        const interval = reqString(recurringIn, 'interval');
        if (!INTERVALS.has(interval))
          throw invalid(`Invalid recurring[interval]: must be one of day, week, month, or year`, 'recurring[interval]');
        const count = optInt(recurringIn, 'interval_count', 'recurring[interval_count]') ?? 1;
        if (count < 1) throw invalid('recurring[interval_count] must be at least 1.', 'recurring[interval_count]');
        recurring = { interval, interval_count: count, usage_type: 'licensed' };
      }
      const price = base('price', 'price', {
        active: true,
        currency,
        product: product.id,
        unit_amount: unitAmount,
        recurring,
        type: recurring ? 'recurring' : 'one_time',
        nickname: optString(body, 'nickname') ?? null,
        metadata: metadataFrom(body),
      });
      await store.put('price', price);
      return price;
    }),
    route('GET', '/v1/prices/:id', get('price', 'price')),
    route('GET', '/v1/prices', async ({ body }) => {
      const product = optString(body, 'product');
      return listOf('/v1/prices', await store.list('price', product === undefined ? {} : { product }), body);
    }),

    route('GET', '/v1/subscriptions/:id', get('subscription', 'sub')),
    route('POST', '/v1/subscriptions/:id', async ({ params, body }) => {
      const flag = optString(body, 'cancel_at_period_end');
      if (flag !== undefined && flag !== 'true' && flag !== 'false')
        throw invalid('Invalid boolean: cancel_at_period_end', 'cancel_at_period_end');
      const sub = await engine.mustGet('subscription', params[0], 'sub');
      return engine.updateSubscription(params[0], {
        ...(flag === undefined ? {} : { cancelAtPeriodEnd: flag === 'true' }),
        ...(body.metadata === undefined ? {} : { metadata: metadataFrom(body, sub.metadata) }),
      });
    }),
    route('DELETE', '/v1/subscriptions/:id', async ({ params }) => engine.cancelSubscription(params[0])),
    route('GET', '/v1/subscriptions', async ({ body }) => {
      const customer = optString(body, 'customer');
      const status = optString(body, 'status');
      let subs = await store.list('subscription', customer === undefined ? {} : { customer });
      // like Stripe: canceled subscriptions only when asked for (status=canceled or status=all)
      if (status !== 'all') subs = subs.filter((s) => (status ? s.status === status : s.status !== 'canceled'));
      return listOf('/v1/subscriptions', subs, body);
    }),

    route('POST', '/v1/refunds', async ({ body }) =>
      engine.refund({
        payment_intent: optString(body, 'payment_intent'),
        charge: optString(body, 'charge'),
        amount: optInt(body, 'amount'),
        reason: optString(body, 'reason'),
        metadata: metadataFrom(body),
      }),
    ),
    route('GET', '/v1/refunds/:id', get('refund', 're')),

    route('GET', '/v1/payment_methods', async ({ body }) => {
      const customer = reqString(body, 'customer');
      await engine.mustGet('customer', customer, 'cus', 'customer');
      const type = optString(body, 'type');
      if (type !== undefined && type !== 'card') return listOf('/v1/payment_methods', [], body);
      return listOf('/v1/payment_methods', await store.list('payment_method', { customer }), body);
    }),
    route('GET', '/v1/payment_methods/:id', get('payment_method', 'pm')),
    route('GET', '/v1/payment_intents/:id', get('payment_intent', 'pi')),
    route('GET', '/v1/charges/:id', get('charge', 'ch')),
    route('GET', '/v1/invoices/:id', get('invoice', 'in')),

    route('GET', '/v1/events/:id', get('event', 'evt')),
    route('GET', '/v1/events', async ({ body }) => {
      const type = optString(body, 'type');
      return listOf('/v1/events', await store.list('event', type === undefined ? {} : { type }), body);
    }),
  ];
}

export type { StripeObject };
