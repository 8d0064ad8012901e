import type { DomainEvent } from '@sparkhouse/contracts';
import type { Db } from '../../../platform/database/database';
import { run, textArray } from '../../../platform/database/sql';
import { defineProjection } from '../../../platform/events/define-projection';
import { READ_MODELS } from '../domain/read-models';

/** One update as the projection applies it: a cart takes it unless it holds a newer one. */
function updateCart(tx: Db, { payload: p }: DomainEvent<'CartUpdated'>) {
  return run(
    tx,
    `insert into commerce_cart (user_id, product_ids, offer_valid, updated_at) values (?, ?::text[], ?, ?)
     on conflict (user_id) do update set product_ids = excluded.product_ids, offer_valid = excluded.offer_valid,
       updated_at = excluded.updated_at where commerce_cart.updated_at <= excluded.updated_at`,
    [p.userId, textArray(p.productIds), p.offerValid, p.updatedAt],
  );
}

/**
 * A run of updates (the busiest event) as `updateCart` applies them one by one: each user's cart ends
 * as the newest update of the run (the later one on a tie), if newer than what it holds.
 */
async function updateCarts(tx: Db, events: DomainEvent<'CartUpdated'>[]) {
  const newest = new Map<string, DomainEvent<'CartUpdated'>['payload']>();
  for (const { payload: p } of events) {
    const at = Date.parse(p.updatedAt);
    if (Number.isNaN(at)) {
      for (const one of events) await updateCart(tx, one);
      return;
    }
    const kept = newest.get(p.userId);
    if (!kept || Date.parse(kept.updatedAt) <= at) newest.set(p.userId, p);
  }
  await run(
    tx,
    `insert into commerce_cart (user_id, product_ids, offer_valid, updated_at)
     select c."userId", array(select jsonb_array_elements_text(c."productIds")), c."offerValid", c."updatedAt"::timestamptz
       from jsonb_to_recordset(?::jsonb) c("userId" text, "productIds" jsonb, "offerValid" boolean, "updatedAt" text)
     on conflict (user_id) do update set product_ids = excluded.product_ids, offer_valid = excluded.offer_valid,
       updated_at = excluded.updated_at where commerce_cart.updated_at <= excluded.updated_at`,
    [JSON.stringify([...newest.values()])],
  );
}

/** commerce_cart: each signed-in user's saved cart, the newest save winning (a re-fed or late one changes nothing). */
export const cartsProjection = defineProjection({
  name: READ_MODELS.carts,
  version: 1,
  tables: ['commerce_cart'],
  on: { CartUpdated: (e, tx) => updateCart(tx, e) },
  batch: { CartUpdated: (events, tx) => updateCarts(tx, events) },
});
