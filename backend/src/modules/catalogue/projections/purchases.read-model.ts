import type { Db } from '../../../platform/database/database';
import type { EventRows } from '../../../platform/events/event-rows';
import type { ProjectionHandlers } from '../../../platform/events/define-projection';
import { run } from '../../../platform/database/sql';

/** A product's card counts its purchases not refunded. */
function recount(tx: Db, productId: string) {
  return run(
    tx,
    `update product_card set purchase_count =
       (select count(*) from catalogue_purchase where product_id = ? and refunded_at is null) where id = ?`,
    [productId, productId],
  );
}

/** As PurchaseCompleted one by one: each purchase once, then one recount per product bought. */
export async function recordPurchases(tx: Db, events: EventRows) {
  await insertPurchases(tx, events);
  await recountCardsBought(tx, events);
}

/** The purchases of a run of PurchaseCompleted, each once (a purchase already there stays as it is). */
export function insertPurchases(tx: Db, events: EventRows) {
  return run(
    tx,
    `insert into catalogue_purchase (purchase_id, user_id, product_id, price_in_cents, currency, source, purchased_at)
     select e.payload->>'purchaseId', e.payload->>'userId', e.payload->>'productId', (e.payload->>'priceInCents')::int,
            e.payload->>'currency', e.payload->>'source', (e.metadata->>'occurredAt')::timestamptz
       from (${events.sql}) e
      order by e.n
     on conflict (purchase_id) do nothing`,
    [...events.params],
  );
}

/** The cards of the products a run of PurchaseCompleted names, recounted (their purchases not refunded). */
export function recountCardsBought(tx: Db, events: EventRows) {
  return run(
    tx,
    `update product_card c set purchase_count =
       (select count(*) from catalogue_purchase where product_id = c.id and refunded_at is null)
      where c.id in (select e.payload->>'productId' from (${events.sql}) e)`,
    [...events.params],
  );
}

/**
 * The count recountCardsBought gives a card, for cards not written yet: rows (product_id, n) of the
 * products the run names that have purchases not refunded (a product named without any counts 0).
 */
export const purchaseCountsOf = (events: EventRows): EventRows => ({
  sql: `select product_id, count(*)::int as n from catalogue_purchase
         where refunded_at is null and product_id in (select e.payload->>'productId' from (${events.sql}) e)
         group by product_id`,
  params: events.params,
});

/** catalogue_purchase: the purchases (and refunds) that make a product owned, and popular on its card. */
export const purchases: ProjectionHandlers<'PurchaseCompleted' | 'PurchaseRefunded'> = {
  PurchaseCompleted: async ({ payload: p, metadata }, tx) => {
    await run(
      tx,
      `insert into catalogue_purchase (purchase_id, user_id, product_id, price_in_cents, currency, source, purchased_at)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (purchase_id) do nothing`,
      [p.purchaseId, p.userId, p.productId, p.priceInCents, p.currency, p.source, metadata.occurredAt],
    );
    return recount(tx, p.productId);
  },
  PurchaseRefunded: async ({ payload: p, metadata }, tx) => {
    await run(
      tx,
      `update catalogue_purchase set refunded_at = coalesce(refunded_at, ?), refund_reason = coalesce(refund_reason, ?)
        where purchase_id = ?`,
      [metadata.occurredAt, p.reason, p.purchaseId],
    );
    return recount(tx, p.productId);
  },
};
