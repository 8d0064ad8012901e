import type { EmulatorStore, StripeObject } from './emulator-store';
import type { BillingEngine } from './billing-engine';
import type { FormObject } from './form-encoding';
import { optArray, optInt, optObject, optString, reqString, route, type Route } from './api-router';
import { metadataFrom } from './api-routes';
import { invalid } from './stripe-errors';
import { base, listOf } from './stripe-objects';

interface LineItem {
  price: StripeObject;
  quantity: number;
}

async function lineItems(engine: BillingEngine, body: FormObject): Promise<LineItem[]> {
  const raw = optArray(body, 'line_items');
  if (!raw || raw.length === 0) throw invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
  const items: LineItem[] = [];
  for (const [i, entry] of raw.entries()) {
    if (typeof entry !== 'object' || Array.isArray(entry)) throw invalid(`Invalid object: line_items[${i}]`, `line_items[${i}]`);
    if (entry.price_data !== undefined)
      throw invalid('line_items[].price_data is not supported by the emulator; create a price.', `line_items[${i}][price_data]`);
    const price = await engine.mustGet('price', reqString(entry, 'price'), 'price', `line_items[${i}][price]`);
    const quantity = optInt(entry, 'quantity', `line_items[${i}][quantity]`) ?? 1;
    if (quantity < 1) throw invalid('Quantity must be at least 1.', `line_items[${i}][quantity]`);
    items.push({ price, quantity });
  }
  return items;
}

function checkModeAndCurrency(mode: string, items: LineItem[]): string {
  const currency = items[0].price.currency as string;
  if (items.some((li) => li.price.currency !== currency)) throw invalid('All prices must use the same currency.', 'line_items');
  if (mode === 'payment' && items.some((li) => li.price.recurring)) {
    throw invalid(
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      'line_items',
    );
  }
  if (mode === 'subscription') {
    if (items.some((li) => !li.price.recurring))
      throw invalid('The emulator supports only recurring prices in `subscription` mode.', 'line_items');
    const key = (li: LineItem) => `${li.price.recurring.interval}/${li.price.recurring.interval_count}`;
    if (items.some((li) => key(li) !== key(items[0])))
      throw invalid('All recurring prices must have the same billing interval.', 'line_items');
  }
  return currency;
}

/** Checkout Sessions API: create (payment / subscription mode), retrieve, line items. */
export function checkoutRoutes(store: EmulatorStore, engine: BillingEngine, publicUrl: () => string): Route[] {
  return [
    route('POST', '/v1/checkout/sessions', async ({ body }) => {
      const mode = reqString(body, 'mode');
      if (mode !== 'payment' && mode !== 'subscription')
        throw invalid(`Invalid mode: must be one of payment or subscription (the emulator's subset)`, 'mode');
      const successUrl = reqString(body, 'success_url');
      const customer = optString(body, 'customer');
      const customerEmail = optString(body, 'customer_email');
      if (customer && customerEmail)
        throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer');
      if (customer) await engine.mustGet('customer', customer, 'cus', 'customer');
      const items = await lineItems(engine, body);
      const currency = checkModeAndCurrency(mode, items);
      const subIn = optObject(body, 'subscription_data');
      let subscriptionData: Record<string, unknown> | null = null;
      if (subIn) {
        if (mode !== 'subscription')
          throw invalid('subscription_data can only be used in `subscription` mode.', 'subscription_data');
        const trial = optInt(subIn, 'trial_period_days', 'subscription_data[trial_period_days]');
        if (trial !== undefined && (trial < 1 || trial > 730))
          throw invalid('trial_period_days must be between 1 and 730.', 'subscription_data[trial_period_days]');
        subscriptionData = { trial_period_days: trial ?? null, metadata: metadataFrom(subIn, {}, 'metadata') };
      }
      const amount = items.reduce((s, li) => s + li.price.unit_amount * li.quantity, 0);
      const session = base('cs_test', 'checkout.session', {
        mode,
        status: 'open',
        payment_status: 'unpaid',
        currency,
        amount_subtotal: amount,
        amount_total: amount,
        success_url: successUrl,
        cancel_url: optString(body, 'cancel_url') ?? null,
        customer: customer ?? null,
        customer_email: customerEmail ?? null,
        customer_details: null,
        client_reference_id: optString(body, 'client_reference_id') ?? null,
        payment_intent: null,
        subscription: null,
        invoice: null,
        subscription_data: subscriptionData,
        metadata: metadataFrom(body),
        _line_items: items,
      });
      session.expires_at = session.created + 24 * 3600;
      session.url = `${publicUrl()}/checkout/${session.id}`;
      await store.put('checkout_session', session);
      return session;
    }),
    route('GET', '/v1/checkout/sessions/:id', async ({ params }) => engine.mustGet('checkout_session', params[0], 'cs')),
    route('GET', '/v1/checkout/sessions/:id/line_items', async ({ params, body }) => {
      const session = await engine.mustGet('checkout_session', params[0], 'cs');
      const data = (session._line_items as LineItem[]).map((li, i) => ({
        id: `li_${session.id.slice(8, 20)}${i}`,
        object: 'item',
        created: session.created,
        price: li.price,
        quantity: li.quantity,
        currency: li.price.currency,
        amount_subtotal: li.price.unit_amount * li.quantity,
        amount_total: li.price.unit_amount * li.quantity,
        description: null,
      }));
      return listOf(`/v1/checkout/sessions/${session.id}/line_items`, data.reverse(), body);
    }),
  ];
}
