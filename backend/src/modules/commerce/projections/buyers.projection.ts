import { run } from '../../../platform/database/sql';
import { defineProjection } from '../../../platform/events/define-projection';
import { READ_MODELS } from '../domain/read-models';

/** commerce_buyer: what commerce needs of a user, from the users module's facts (email, VIP flags, offers seen). */
export const buyersProjection = defineProjection({
  name: READ_MODELS.buyers,
  version: 1,
  tables: ['commerce_buyer'],
  on: {
    UserProfileCreated: ({ payload: p }, tx) =>
      run(
        tx,
        `insert into commerce_buyer (user_id, email) values (?, ?) on conflict (user_id) do update set email = excluded.email`,
        [p.userId, p.email.toLowerCase()],
      ),
    VipStatusChanged: ({ payload: p }, tx) =>
      run(
        tx,
        `insert into commerce_buyer (user_id, vip_products) values (?, jsonb_build_object(?::text, ?::boolean))
         on conflict (user_id) do update set vip_products = commerce_buyer.vip_products || excluded.vip_products`,
        [p.userId, p.product, p.isVip],
      ),
    OfferSeenRecorded: ({ payload: p }, tx) =>
      run(
        tx,
        `insert into commerce_buyer (user_id, offers_seen) values (?, jsonb_build_object(?::text, ?::jsonb))
         on conflict (user_id) do update set offers_seen = commerce_buyer.offers_seen || excluded.offers_seen`,
        [
          p.userId,
          p.offerKey,
          JSON.stringify({ expirationDateSeen: p.expirationDateSeen, lastSeenCurrentOffer: p.lastSeenCurrentOffer }),
        ],
      ),
  },
});
