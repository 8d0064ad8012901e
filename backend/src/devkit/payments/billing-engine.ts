import type { EmulatorStore, ObjectKind, StripeObject } from './emulator-store';
import { base, eventOf, nowSeconds, periodEnd, type Interval } from './stripe-objects';
import { cardDeclined, invalid, noSuch } from './stripe-errors';

export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
  /** Stripe's 4000 0000 0000 0341: the card attaches, every charge to it fails. */
  chargesFail?: boolean;
}

/**
 * Every state change the emulator makes after the plain CRUD: paying a checkout session, money
 * moving (payment intents, charges, invoices), subscription life cycle, refunds. Each change is
 * recorded as an event and handed to `publish` (the webhook dispatcher).
 */
export class BillingEngine {
  private readonly paying = new Set<string>();

  constructor(
    private readonly store: EmulatorStore,
    private readonly publish: (event: StripeObject) => void,
  ) {}

  async mustGet(kind: ObjectKind, id: string, prefix: string, param = 'id'): Promise<StripeObject> {
    const found = typeof id === 'string' ? await this.store.get(kind, id) : undefined;
    if (!found) throw noSuch(prefix, String(id), param);
    return found;
  }

  async record(type: string, obj: StripeObject, previous?: Record<string, unknown>): Promise<void> {
    const event = eventOf(type, obj, previous);
    await this.store.put('event', event);
    this.publish(event);
  }

  async createCustomer(fields: {
    email?: string | null;
    name?: string | null;
    metadata?: Record<string, string>;
  }): Promise<StripeObject> {
    const customer = base('cus', 'customer', {
      email: fields.email ?? null,
      name: fields.name ?? null,
      description: null,
      invoice_settings: { default_payment_method: null },
      metadata: fields.metadata ?? {},
    });
    await this.store.put('customer', customer);
    return customer;
  }

  /** A succeeded payment intent with its charge, paid with `pm`. */
  private async charge(customer: string, pm: StripeObject, amount: number, currency: string, description: string | null) {
    const pi = base('pi', 'payment_intent', {
      amount,
      amount_received: amount,
      currency,
      customer,
      description,
      payment_method: pm.id,
      payment_method_types: ['card'],
      status: 'succeeded',
      latest_charge: null as string | null,
    });
    const charge = base('ch', 'charge', {
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      captured: true,
      currency,
      customer,
      paid: true,
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details: { type: 'card', card: { brand: pm.card.brand, last4: pm.card.last4 } },
      refunded: false,
      status: 'succeeded',
    });
    pi.latest_charge = charge.id;
    await this.store.put('charge', charge);
    await this.store.put('payment_intent', pi);
    return { pi, charge };
  }

  /** Pays a checkout session with an accepted test card (the hosted page has checked it). */
  async completeCheckout(sessionId: string, card: CardDetails): Promise<StripeObject> {
    if (this.paying.has(sessionId))
      throw invalid('This Checkout Session is already being paid.', undefined, 'checkout_session_busy');
    this.paying.add(sessionId);
    try {
      const session = await this.mustGet('checkout_session', sessionId, 'cs');
      if (session.status === 'paying')
        throw invalid('This Checkout Session is already being paid.', undefined, 'checkout_session_busy');
      if (session.status !== 'open')
        throw invalid('This Checkout Session is no longer active.', undefined, 'checkout_session_inactive');
      // another process may be paying it right now: only the one that moves it out of 'open' goes on
      if (!(await this.store.transition('checkout_session', sessionId, 'status', 'open', 'paying')))
        throw invalid('This Checkout Session is already being paid.', undefined, 'checkout_session_busy');
      try {
        return await this.payClaimed(session, card);
      } catch (err) {
        await this.store.transition('checkout_session', sessionId, 'status', 'paying', 'open');
        throw err;
      }
    } finally {
      this.paying.delete(sessionId);
    }
  }

  private async payClaimed(session: StripeObject, card: CardDetails): Promise<StripeObject> {
    // a card whose charges fail pays nothing now: only a subscription with a free trial starts with it
    if (card.chargesFail && !(session.mode === 'subscription' && Number(session.subscription_data?.trial_period_days ?? 0) > 0))
      throw cardDeclined();
    {
      const customer = session.customer
        ? await this.mustGet('customer', session.customer, 'cus', 'customer')
        : await this.createCustomer({ email: session.customer_email, name: card.name });
      const pm = base('pm', 'payment_method', {
        type: 'card',
        customer: customer.id,
        billing_details: { name: card.name, email: customer.email ?? null },
        card: {
          brand: card.brand,
          last4: card.last4,
          exp_month: card.expMonth,
          exp_year: card.expYear,
          funding: 'credit',
          country: 'US',
        },
        _charges_fail: card.chargesFail === true,
      });
      await this.store.put('payment_method', pm);
      customer.invoice_settings = { default_payment_method: pm.id };
      await this.store.put('customer', customer);
      const paid: Record<string, unknown> = { status: 'complete', customer: customer.id };
      paid.customer_details = { email: customer.email ?? null, name: card.name };
      if (session.mode === 'payment') {
        const { pi } = await this.charge(customer.id, pm, session.amount_total, session.currency, null);
        Object.assign(paid, { payment_status: 'paid', payment_intent: pi.id });
        await this.record('payment_intent.succeeded', pi);
      } else {
        const sub = await this.startSubscription(session, customer.id, pm);
        Object.assign(paid, {
          subscription: sub.id,
          invoice: sub.latest_invoice,
          payment_status: sub.status === 'trialing' ? 'no_payment_required' : 'paid',
        });
      }
      const completed = { ...session, ...paid };
      await this.store.put('checkout_session', completed);
      await this.record('checkout.session.completed', completed);
      return completed;
    }
  }

  private async startSubscription(session: StripeObject, customer: string, pm: StripeObject): Promise<StripeObject> {
    const now = nowSeconds();
    const trialDays = Number(session.subscription_data?.trial_period_days ?? 0);
    const first = session._line_items[0].price;
    const end =
      trialDays > 0
        ? now + trialDays * 86_400
        : periodEnd(now, first.recurring.interval as Interval, first.recurring.interval_count);
    const sub = base('sub', 'subscription', {
      customer,
      status: trialDays > 0 ? 'trialing' : 'active',
      currency: session.currency,
      default_payment_method: pm.id,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      start_date: now,
      trial_start: trialDays > 0 ? now : null,
      trial_end: trialDays > 0 ? end : null,
      current_period_start: now,
      current_period_end: end,
      latest_invoice: null as string | null,
      metadata: session.subscription_data?.metadata ?? {},
      items: { object: 'list', has_more: false, url: '/v1/subscription_items', data: [] as StripeObject[] },
    });
    sub.items.data = session._line_items.map((li: { price: StripeObject; quantity: number }) => ({
      ...base('si', 'subscription_item', { subscription: sub.id, price: li.price, quantity: li.quantity }),
      current_period_start: now,
      current_period_end: end,
    }));
    await this.store.put('subscription', sub);
    await this.record('customer.subscription.created', sub);
    if (trialDays === 0) await this.invoice(sub, 'subscription_create');
    return (await this.store.get('subscription', sub.id)) as StripeObject;
  }

  /**
   * Bills the subscription's current period: a paid invoice, charged to its card — or, when the card's
   * charges fail, an open invoice (`invoice.payment_failed`) and the subscription `past_due`
   * (`customer.subscription.updated`), as Stripe does after a failed renewal.
   */
  private async invoice(sub: StripeObject, reason: string): Promise<StripeObject> {
    const amount = sub.items.data.reduce((s: number, i: StripeObject) => s + i.price.unit_amount * i.quantity, 0);
    const pm = await this.mustGet('payment_method', sub.default_payment_method, 'pm');
    if (pm._charges_fail) return this.failedInvoice(sub, reason, amount);
    const { pi, charge } = await this.charge(sub.customer, pm, amount, sub.currency, `Subscription ${reason}`);
    const invoice = base('in', 'invoice', {
      customer: sub.customer,
      subscription: sub.id,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      status: 'paid',
      billing_reason: reason,
      currency: sub.currency,
      amount_due: amount,
      amount_paid: amount,
      payment_intent: pi.id,
      charge: charge.id,
      period_start: sub.current_period_start,
      period_end: sub.current_period_end,
      lines: {
        object: 'list',
        has_more: false,
        url: '',
        data: sub.items.data.map((i: StripeObject) => ({
          price: i.price,
          quantity: i.quantity,
          amount: i.price.unit_amount * i.quantity,
        })),
      },
    });
    await this.store.put('invoice', invoice);
    await this.store.put('subscription', { ...sub, latest_invoice: invoice.id });
    await this.record('invoice.paid', invoice);
    return invoice;
  }

  private async failedInvoice(sub: StripeObject, reason: string, amount: number): Promise<StripeObject> {
    const invoice = base('in', 'invoice', {
      customer: sub.customer,
      subscription: sub.id,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      status: 'open',
      billing_reason: reason,
      currency: sub.currency,
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 1,
      attempted: true,
      payment_intent: null,
      charge: null,
      period_start: sub.current_period_start,
      period_end: sub.current_period_end,
      lines: { object: 'list', has_more: false, url: '', data: [] },
    });
    await this.store.put('invoice', invoice);
    const pastDue = { ...sub, status: 'past_due', latest_invoice: invoice.id };
    await this.store.put('subscription', pastDue);
    await this.record('invoice.payment_failed', invoice);
    await this.record('customer.subscription.updated', pastDue, { status: sub.status });
    return invoice;
  }

  /**
   * `POST /v1/subscriptions/:id`: the emulator's subset of an update — `cancel_at_period_end` (true: the
   * subscription ends when its current period does, at the next renewal; false: it renews again) and metadata.
   */
  async updateSubscription(
    subId: string,
    fields: { cancelAtPeriodEnd?: boolean; metadata?: Record<string, string> },
  ): Promise<StripeObject> {
    const sub = await this.mustGet('subscription', subId, 'sub');
    if (sub.status === 'canceled')
      throw invalid(
        'A canceled subscription can only update its cancellation_details and metadata.',
        undefined,
        'subscription_canceled',
      );
    const previous: Record<string, unknown> = {};
    const next = { ...sub };
    if (fields.cancelAtPeriodEnd !== undefined && fields.cancelAtPeriodEnd !== sub.cancel_at_period_end) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      previous.cancel_at = sub.cancel_at ?? null;
      next.cancel_at_period_end = fields.cancelAtPeriodEnd;
      next.cancel_at = fields.cancelAtPeriodEnd ? sub.current_period_end : null;
      next.canceled_at = fields.cancelAtPeriodEnd ? nowSeconds() : null;
    }
    if (fields.metadata) {
      previous.metadata = sub.metadata;
      next.metadata = fields.metadata;
    }
    if (Object.keys(previous).length === 0) return sub;
    await this.store.put('subscription', next);
    await this.record('customer.subscription.updated', next, previous);
    return next;
  }

  /** Test helper: ends a trial (→ active, billed) or renews the current period (billed again). */
  async advanceSubscription(subId: string, opts: { trialEnd?: boolean; renew?: boolean }): Promise<StripeObject> {
    const sub = await this.mustGet('subscription', subId, 'sub');
    if (sub.status === 'canceled') throw invalid('A canceled subscription can not be advanced.', 'subscription');
    const price = sub.items.data[0].price;
    const step = (start: number) => periodEnd(start, price.recurring.interval, price.recurring.interval_count);
    let next: StripeObject;
    let previous: Record<string, unknown>;
    if (opts.trialEnd) {
      if (sub.status !== 'trialing') throw invalid('The subscription is not trialing.', 'subscription');
      // canceled at period end during its trial: it ends with the trial, nothing is billed
      if (sub.cancel_at_period_end) return this.endSubscription(sub, nowSeconds());
      const now = nowSeconds();
      previous = { status: sub.status, trial_end: sub.trial_end, current_period_end: sub.current_period_end };
      next = { ...sub, status: 'active', trial_end: now, current_period_start: now, current_period_end: step(now) };
    } else if (opts.renew) {
      // canceled at period end: the period ends and the subscription with it, nothing is billed
      if (sub.cancel_at_period_end) return this.endSubscription(sub, sub.current_period_end);
      const start = sub.current_period_end;
      previous = { current_period_start: sub.current_period_start, current_period_end: sub.current_period_end };
      next = { ...sub, current_period_start: start, current_period_end: step(start) };
    } else {
      throw invalid('Pass trialEnd or renew.');
    }
    for (const item of next.items.data)
      Object.assign(item, { current_period_start: next.current_period_start, current_period_end: next.current_period_end });
    await this.store.put('subscription', next);
    await this.record('customer.subscription.updated', next, previous);
    await this.invoice(next, opts.trialEnd ? 'subscription_update' : 'subscription_cycle');
    return (await this.store.get('subscription', subId)) as StripeObject;
  }

  async cancelSubscription(subId: string): Promise<StripeObject> {
    const sub = await this.mustGet('subscription', subId, 'sub');
    if (sub.status === 'canceled')
      throw invalid(`No such subscription: '${subId}' is already canceled.`, undefined, 'subscription_canceled');
    return this.endSubscription(sub, nowSeconds());
  }

  private async endSubscription(sub: StripeObject, at: number): Promise<StripeObject> {
    const canceled = { ...sub, status: 'canceled', canceled_at: sub.canceled_at ?? at, ended_at: at };
    await this.store.put('subscription', canceled);
    await this.record('customer.subscription.deleted', canceled);
    return canceled;
  }

  /** Refunds a charge (found by payment intent or charge id), fully unless `amount` says less. */
  async refund(params: {
    payment_intent?: string;
    charge?: string;
    amount?: number;
    reason?: string;
    metadata?: Record<string, string>;
  }) {
    let chargeId = params.charge;
    if (params.payment_intent)
      chargeId = (await this.mustGet('payment_intent', params.payment_intent, 'pi', 'payment_intent')).latest_charge;
    if (!chargeId)
      throw invalid(
        'One of the following params should be provided for this request: payment_intent or charge.',
        'payment_intent',
        'parameter_missing',
      );
    const charge = await this.mustGet('charge', chargeId, 'ch', 'charge');
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = params.amount ?? left;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
        'amount',
        'amount_too_large',
      );
    }
    const refund = base('re', 'refund', {
      amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: charge.payment_intent,
      reason: params.reason ?? null,
      status: 'succeeded',
      metadata: params.metadata ?? {},
    });
    await this.store.put('refund', refund);
    const refunded = {
      ...charge,
      amount_refunded: charge.amount_refunded + amount,
      refunded: charge.amount_refunded + amount === charge.amount,
    };
    await this.store.put('charge', refunded);
    await this.record('charge.refunded', refunded, { amount_refunded: charge.amount_refunded, refunded: charge.refunded });
    return refund;
  }
}
