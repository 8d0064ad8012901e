import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database, type Db } from '../../../platform/database/database';
import type { PayloadOf } from '@sparkhouse/contracts';
import type Stripe from 'stripe';
import { EventStore } from '../../../platform/events/event-store';
import { rows, run } from '../../../platform/database/sql';
import { grantCredit } from '../domain/credit';
import { completeCheckout, expireCheckout, foldCheckout } from '../domain/checkout';
import { removeFromCart } from '../infra/cart-stream';
import { completePurchase, refundPurchase } from '../domain/purchase-plan';
import {
  foldSubscription,
  reconcileSubscription,
  renewSubscription,
  type ProviderSubscription,
} from '../domain/subscription-state';
import { providerSubscriptionOf } from '../infra/provider-subscription';
import { forgetCheckout } from '../infra/checkout-claims';
import { StripeSupport } from '../infra/stripe-support';
import { checkoutModel, creditModel, deciding, purchaseIdOf, purchasesModel, streams, subscriptionModel } from '../infra/streams';

/** The event cannot be applied yet (what it refers to is not recorded yet): answer non-2xx so Stripe retries. */
export class RetryLater extends Error {}

/** A verified Stripe event to turn into commerce's facts. */
export class ProcessStripeEvent {
  constructor(readonly event: Stripe.Event) {}
}

export type ProcessOutcome = 'processed' | 'duplicate' | 'ignored';

const isoOf = (unix: number | null | undefined) => (typeof unix === 'number' ? new Date(unix * 1000).toISOString() : null);
const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as { id: string }).id) : null;

/**
 * The webhook's work, idempotent under retries, duplicates and crashes: the Stripe event id is recorded
 * in the same transaction as the facts it causes (a repeat finds it and does nothing), and every fact is
 * keyed so that two different events about the same thing (payment_intent.succeeded and
 * checkout.session.completed, created and updated) cannot double it. Objects are re-read from Stripe,
 * so events applied in any order end in the provider's current state.
 */
@CommandHandler(ProcessStripeEvent)
export class ProcessStripeEventHandler implements ICommandHandler<ProcessStripeEvent, ProcessOutcome> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly support: StripeSupport,
  ) {}

  async execute({ event }: ProcessStripeEvent): Promise<ProcessOutcome> {
    const em = this.orm.em.fork();
    const [seen] = await rows(em, `select 1 from commerce_stripe_event where event_id = ?`, [event.id]);
    if (seen) return 'duplicate';
    const apply = await this.prepare(event);
    return em.transactional(async (tem) => {
      const recorded = await rows(
        tem,
        `insert into commerce_stripe_event (event_id, type) values (?, ?) on conflict do nothing returning event_id`,
        [event.id, event.type],
      );
      if (recorded.length === 0) return 'duplicate';
      if (!apply) return 'ignored';
      await apply(tem);
      return 'processed';
    });
  }

  /** Reads what the event is about from Stripe (outside the transaction) and answers how to apply it. */
  private async prepare(event: Stripe.Event): Promise<((em: Db) => Promise<void>) | null> {
    const stripe = await this.support.stripe();
    const object = event.data.object as unknown as Record<string, unknown>;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = await stripe.checkout.sessions.retrieve(String(object.id));
        if (session.status !== 'complete') return null;
        const subscription =
          session.mode === 'subscription' && session.subscription
            ? await this.providerSubscription(idOf(session.subscription)!)
            : null;
        // the payment may already be refunded (its charge.refunded can even have been processed first)
        const refundedChargeId = session.mode === 'payment' ? await this.fullRefundOf(idOf(session.payment_intent)) : null;
        return (em) => this.completeCheckout(em, session, subscription, refundedChargeId);
      }
      case 'checkout.session.expired': {
        const sessionId = String(object.id);
        return async (em) => {
          const started = await this.started(em, sessionId);
          if (!started) return;
          await forgetCheckout(em, sessionId);
          await this.events.appendIf(
            em,
            streams.checkout(sessionId),
            deciding(checkoutModel, expireCheckout, { sessionId, userId: started.userId }),
          );
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed': {
        const sub = await this.providerSubscription(String(object.id));
        return (em) => this.reconcile(em, sub);
      }
      case 'invoice.paid': {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe objects as the API version sends them (read field by field)
        const invoice = (await stripe.invoices.retrieve(String(object.id))) as unknown as Record<string, any>;
        const subId = idOf(invoice.subscription) ?? idOf(invoice.parent?.subscription_details?.subscription);
        if (!subId || invoice.status !== 'paid') return null;
        const sub = await this.providerSubscription(subId);
        return (em) => this.renew(em, sub, invoice);
      }
      case 'invoice.payment_failed': {
        // a renewal (or the first payment after a trial) failed: the subscription is past_due at Stripe now
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe objects as the API version sends them (read field by field)
        const invoice = (await stripe.invoices.retrieve(String(object.id))) as unknown as Record<string, any>;
        const subId = idOf(invoice.subscription) ?? idOf(invoice.parent?.subscription_details?.subscription);
        if (!subId) return null;
        const sub = await this.providerSubscription(subId);
        return (em) => this.reconcile(em, sub);
      }
      case 'charge.refunded': {
        const charge = await stripe.charges.retrieve(String(object.id));
        if (!charge.refunded) return null; // partial refunds keep the purchase
        const paymentIntentId = idOf(charge.payment_intent);
        if (!paymentIntentId) return null;
        return async (em) => {
          await this.lockPayment(em, paymentIntentId);
          // kept even when the payment is not known yet: its checkout completion may be processed later
          await run(em, `insert into commerce_refund (payment_intent_id, charge_id) values (?, ?) on conflict do nothing`, [
            paymentIntentId,
            charge.id,
          ]);
          await this.refund(em, paymentIntentId, charge.id);
        };
      }
      default:
        return null;
    }
  }

  /** The charge id when the payment intent's charge is fully refunded at Stripe now, else null. */
  private async fullRefundOf(paymentIntentId: string | null): Promise<string | null> {
    if (!paymentIntentId) return null;
    const stripe = await this.support.stripe();
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
    const chargeId = idOf(intent.latest_charge);
    if (!chargeId) return null;
    const charge = await stripe.charges.retrieve(chargeId);
    return charge.refunded ? charge.id : null;
  }

  /**
   * Serialises a payment's completion and its refund (to commit): whichever is processed second sees what
   * the first recorded. Taken before any append, so it is always acquired before the event append lock.
   */
  private async lockPayment(em: Db, paymentIntentId: string) {
    await run(em, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`commerce-payment:${paymentIntentId}`]);
  }

  private async providerSubscription(id: string): Promise<ProviderSubscription> {
    const stripe = await this.support.stripe();
    return providerSubscriptionOf((await stripe.subscriptions.retrieve(id)) as unknown as Record<string, unknown>);
  }

  private async started(em: Db, sessionId: string): Promise<PayloadOf<'CheckoutSessionStarted'> | null> {
    return foldCheckout(await this.events.readStream(em, streams.checkout(sessionId))).started;
  }

  private async completeCheckout(
    em: Db,
    session: Stripe.Checkout.Session,
    subscription: ProviderSubscription | null,
    refundedChargeId: string | null,
  ) {
    const paymentIntentId = idOf(session.payment_intent);
    if (session.mode === 'payment' && paymentIntentId) await this.lockPayment(em, paymentIntentId);
    const started = await this.started(em, session.id);
    if (!started) {
      // not one of ours (another integration on the account), or its start is not committed yet
      if (session.metadata?.kind === 'purchase' || session.metadata?.kind === 'subscription')
        throw new RetryLater(`checkout ${session.id} not started yet`);
      return;
    }
    if (started.mode === 'payment' && session.payment_status !== 'paid') return;
    await forgetCheckout(em, session.id);
    await this.events.appendIf(
      em,
      streams.checkout(session.id),
      deciding(checkoutModel, completeCheckout, {
        sessionId: session.id,
        userId: started.userId,
        mode: started.mode,
        productIds: started.lines.map((l) => l.productId),
        subscriptionId: idOf(session.subscription),
        paymentIntentId,
        customerId: idOf(session.customer),
        amountTotalInCents: session.amount_total ?? started.amountTotalInCents,
      }),
    );
    if (started.mode === 'payment') {
      if (paymentIntentId) {
        await run(
          em,
          `insert into commerce_payment (payment_intent_id, session_id, user_id) values (?, ?, ?) on conflict do nothing`,
          [paymentIntentId, session.id, started.userId],
        );
      }
      for (const line of started.lines) {
        const purchaseId = purchaseIdOf(session.id, line.productId);
        await this.events.appendIf(
          em,
          streams.purchase(started.userId, line.productId),
          deciding(purchasesModel, completePurchase, {
            purchaseId,
            userId: started.userId,
            productId: line.productId,
            priceInCents: line.priceInCents,
            currency: started.currency,
            source: 'stripe',
            checkoutSessionId: session.id,
            attribution: started.attribution,
            discountCode: started.discountCode,
          }),
        );
      }
    }
    // the bought items leave the server cart in the same step
    if (started.mode === 'payment')
      await removeFromCart(
        em,
        this.events,
        started.userId,
        started.lines.map((l) => l.productId),
      );
    if (started.mode === 'payment' && paymentIntentId) {
      // refunded before this completion was recorded: at Stripe now, or a charge.refunded processed earlier
      const [early] = await rows<{ charge_id: string }>(em, `select charge_id from commerce_refund where payment_intent_id = ?`, [
        paymentIntentId,
      ]);
      const chargeId = refundedChargeId ?? early?.charge_id ?? null;
      if (chargeId) await this.refund(em, paymentIntentId, chargeId);
    }
    if (subscription) await this.reconcile(em, subscription);
  }

  private async reconcile(em: Db, sub: ProviderSubscription) {
    await this.events.appendIf(em, streams.subscription(sub.id), deciding(subscriptionModel, reconcileSubscription, sub));
  }

  /** A paid period: the subscription is brought up to date, the renewal and the period's credit recorded once per invoice. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe objects as the API version sends them (read field by field)
  private async renew(em: Db, sub: ProviderSubscription, invoice: Record<string, any>) {
    await this.reconcile(em, sub);
    const state = foldSubscription(await this.events.readStream(em, streams.subscription(sub.id)));
    const userId = state.userId ?? sub.metadata.userId;
    if (!userId || (invoice.amount_paid ?? 0) <= 0) return;
    await this.events.appendIf(
      em,
      streams.subscription(sub.id),
      deciding(subscriptionModel, renewSubscription, {
        subscriptionId: sub.id,
        userId,
        invoiceId: invoice.id,
        amountPaidInCents: invoice.amount_paid,
        periodStart: isoOf(invoice.period_start ?? invoice.lines?.data?.[0]?.period?.start) ?? new Date().toISOString(),
        periodEnd: isoOf(invoice.period_end ?? invoice.lines?.data?.[0]?.period?.end) ?? new Date().toISOString(),
      }),
    );
    const credit = Number(sub.metadata.periodCreditInCents ?? 0);
    if (!Number.isInteger(credit) || credit <= 0) return;
    await this.events.appendIf(
      em,
      streams.credit(userId),
      deciding(creditModel, grantCredit, {
        userId,
        grantId: invoice.id,
        amountInCents: credit,
        subscriptionId: sub.id,
        reason: 'subscription-period',
      }),
    );
  }

  /** A fully refunded card payment: every purchase of its checkout session stops being owned. */
  private async refund(em: Db, paymentIntentId: string, chargeId: string) {
    const [payment] = await rows<{ session_id: string; user_id: string }>(
      em,
      `select session_id, user_id from commerce_payment where payment_intent_id = ?`,
      [paymentIntentId],
    );
    if (!payment) return; // a subscription invoice's charge, or not a payment of ours
    const started = await this.started(em, payment.session_id);
    if (!started) return;
    for (const line of started.lines) {
      const purchaseId = purchaseIdOf(payment.session_id, line.productId);
      await this.events.appendIf(
        em,
        streams.purchase(payment.user_id, line.productId),
        deciding(purchasesModel, refundPurchase, {
          purchaseId,
          userId: payment.user_id,
          productId: line.productId,
          reason: `refunded (${chargeId})`,
        }),
      );
    }
  }
}
