import { run, textArray } from '../../../platform/database/sql';
import { defineProjection } from '../../../platform/events/define-projection';
import { READ_MODELS } from '../domain/read-models';

/** commerce_checkout_session: each checkout, pending until the provider completes it or it expires. */
export const checkoutsProjection = defineProjection({
  name: READ_MODELS.checkouts,
  version: 1,
  tables: ['commerce_checkout_session'],
  on: {
    CheckoutSessionStarted: ({ payload: p, metadata }, tx) =>
      run(
        tx,
        `insert into commerce_checkout_session (session_id, user_id, mode, status, product_ids, amount_total_in_cents,
           storefront_slug, app_slug, price_option_id, created_at)
         values (?, ?, ?, 'pending', ?::text[], ?, ?, ?, ?, ?) on conflict (session_id) do nothing`,
        [
          p.sessionId,
          p.userId,
          p.mode,
          textArray(p.lines.map((l) => l.productId)),
          p.amountTotalInCents,
          p.storefrontSlug,
          p.appSlug,
          p.priceOptionId,
          metadata.occurredAt,
        ],
      ),
    // a completion may be delivered before its start is read: it makes the row itself
    CheckoutSessionCompleted: ({ payload: p, metadata: { occurredAt: at } }, tx) =>
      run(
        tx,
        `insert into commerce_checkout_session (session_id, user_id, mode, status, product_ids, amount_total_in_cents,
           subscription_id, payment_intent_id, created_at, completed_at)
         values (?, ?, ?, 'completed', ?::text[], ?, ?, ?, ?, ?)
         on conflict (session_id) do update set status = 'completed', subscription_id = excluded.subscription_id,
           payment_intent_id = excluded.payment_intent_id, completed_at = excluded.completed_at`,
        [
          p.sessionId,
          p.userId,
          p.mode,
          textArray(p.productIds),
          p.amountTotalInCents,
          p.subscriptionId,
          p.paymentIntentId,
          at,
          at,
        ],
      ),
    CheckoutSessionExpired: ({ payload: p }, tx) =>
      run(tx, `update commerce_checkout_session set status = 'expired' where session_id = ? and status = 'pending'`, [
        p.sessionId,
      ]),
  },
});
