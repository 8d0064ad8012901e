import { run } from '../../../platform/database/sql';
import { defineProjection } from '../../../platform/events/define-projection';

/** offer_terms: the current offer terms of each product (the catalogue keeps the prices). */
export const offerTermsProjection = defineProjection({
  name: 'offers.terms',
  version: 1,
  tables: ['offer_terms'],
  on: {
    ProductOfferSet: ({ payload: p, metadata }, tx) =>
      run(
        tx,
        `insert into offer_terms (product_id, offer_key, crossed_price_applicable_from, special_only_vip, should_not_hide_discount, updated_at)
         values (?, ?, ?, ?, ?, ?)
         on conflict (product_id) do update set offer_key = excluded.offer_key,
           crossed_price_applicable_from = excluded.crossed_price_applicable_from, special_only_vip = excluded.special_only_vip,
           should_not_hide_discount = excluded.should_not_hide_discount, updated_at = excluded.updated_at`,
        [p.productId, p.offerKey, p.crossedPriceApplicableFrom, p.specialOnlyVip, p.shouldNotHideDiscount, metadata.occurredAt],
      ),
    ProductOfferRemoved: ({ payload: p }, tx) => run(tx, `delete from offer_terms where product_id = ?`, [p.productId]),
  },
});
