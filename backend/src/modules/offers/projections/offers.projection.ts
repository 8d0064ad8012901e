import { Injectable } from '@nestjs/common';
import type { Db } from '../../../platform/database/database';
import { ProductOfferRemoved, ProductOfferSet, type EventPayload, type StoredEvent } from '@sparkhouse/contracts';
import { Subscribes, type Projection } from '../../../platform/events/subscribers';
import { run } from '../../../platform/database/sql';

/** The current offer terms of each product. */
@Subscribes()
@Injectable()
export class OffersProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'offers.terms';
  readonly version = 1;
  readonly handles = [ProductOfferSet.type, ProductOfferRemoved.type];

  async truncate(em: Db) {
    await run(em, 'truncate offer_terms');
  }

  async handle(em: Db, e: StoredEvent) {
    const at = e.metadata.occurredAt;
    if (e.type === ProductOfferSet.type) {
      const p = e.payload as EventPayload<typeof ProductOfferSet>;
      return run(
        em,
        `insert into offer_terms (product_id, offer_key, crossed_price_applicable_from, special_only_vip, should_not_hide_discount, updated_at)
         values (?, ?, ?, ?, ?, ?)
         on conflict (product_id) do update set offer_key = excluded.offer_key,
           crossed_price_applicable_from = excluded.crossed_price_applicable_from, special_only_vip = excluded.special_only_vip,
           should_not_hide_discount = excluded.should_not_hide_discount, updated_at = excluded.updated_at`,
        [p.productId, p.offerKey, p.crossedPriceApplicableFrom, p.specialOnlyVip, p.shouldNotHideDiscount, at],
      );
    }
    if (e.type === ProductOfferRemoved.type) {
      const p = e.payload as EventPayload<typeof ProductOfferRemoved>;
      return run(em, `delete from offer_terms where product_id = ?`, [p.productId]);
    }
  }
}
