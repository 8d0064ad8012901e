import type { DomainEvent } from '@sparkhouse/contracts';
import type { Db } from '../../../platform/database/database';
import { run, textArray } from '../../../platform/database/sql';
import { defineProjection } from '../../../platform/events/define-projection';
import { eventsInHand, type EventRows } from '../../../platform/events/event-rows';
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
 * A run of updates (the busiest event) as `updateCart` applies them one by one: each user's cart ends as
 * the newest update of the run (the later one on a tie), if it is not older than what the cart holds. Times
 * are compared as the column's timestamptz, as the one-by-one upsert compares them. Over rows (see
 * event-rows.ts): the relay's events in hand, or a rebuild's run read in the database (whose payloads then
 * never reach the process: 20,000 updates of the replay bench read, upcast and sent back took 0.4-0.5 s).
 */
function updateCarts(tx: Db, events: EventRows) {
  return run(
    tx,
    `insert into commerce_cart (user_id, product_ids, offer_valid, updated_at)
     select c.user_id, array(select jsonb_array_elements_text(c.payload->'productIds')), (c.payload->>'offerValid')::boolean,
            c.updated_at
       from (select distinct on (u.user_id) u.user_id, u.updated_at, u.payload
               from (select e.payload->>'userId' as user_id, (e.payload->>'updatedAt')::timestamptz as updated_at, e.payload, e.n
                       from (${events.sql}) e) u
              order by u.user_id, u.updated_at desc, u.n desc) c
     on conflict (user_id) do update set product_ids = excluded.product_ids, offer_valid = excluded.offer_valid,
       updated_at = excluded.updated_at where commerce_cart.updated_at <= excluded.updated_at`,
    [...events.params],
  );
}

/** commerce_cart: each signed-in user's saved cart, the newest save winning (a re-fed or late one changes nothing). */
export const cartsProjection = defineProjection({
  name: READ_MODELS.carts,
  version: 1,
  tables: ['commerce_cart'],
  on: { CartUpdated: (e, tx) => updateCart(tx, e) },
  batch: { CartUpdated: (events, tx) => updateCarts(tx, eventsInHand(events)) },
  setBased: { types: ['CartUpdated'], apply: (tx, _type, rows) => updateCarts(tx, rows) },
});
