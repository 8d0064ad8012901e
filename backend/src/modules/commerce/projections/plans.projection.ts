import { run } from '../../../platform/database/sql';
import { defineProjection } from '../../../platform/events/define-projection';
import { READ_MODELS } from '../domain/read-models';

/**
 * Plans on sale: commerce_price_option as defined, commerce_live_price_option as last published (what
 * visitors see and buy), and commerce_app, the creator studio's apps (owner, slugs, first publication).
 */
export const plansProjection = defineProjection({
  name: READ_MODELS.plans,
  // 2: commerce_app follows the app's name (AppDetailsChanged) and its key (AppAddressChanged)
  version: 2,
  tables: ['commerce_price_option', 'commerce_live_price_option', 'commerce_app'],
  on: {
    PriceOptionsDefined: async ({ payload: p }, tx) => {
      await run(tx, `delete from commerce_price_option where storefront_slug = ? and app_slug = ?`, [
        p.storefrontSlug,
        p.appSlug,
      ]);
      for (const [i, o] of p.options.entries()) {
        await run(
          tx,
          `insert into commerce_price_option (storefront_slug, app_slug, option_id, app_id, position, stripe_product_id, price_id,
             amount_in_cents, currency, interval, interval_count, display_name, description, features, plan_category, trial_days,
             period_credit_in_cents, tier_slug)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)`,
          [
            p.storefrontSlug,
            p.appSlug,
            o.id,
            p.appId,
            i,
            p.stripeProductId,
            o.priceId,
            o.amountInCents,
            o.currency,
            o.interval,
            o.intervalCount,
            o.displayName,
            o.description,
            JSON.stringify(o.features),
            o.planCategory,
            o.trialDays,
            o.periodCreditInCents,
            o.tierSlug,
          ],
        );
      }
    },
    AppCreated: ({ payload: p }, tx) =>
      run(
        tx,
        `insert into commerce_app (app_id, owner_id, name, storefront_slug, app_slug) values (?, ?, ?, ?, ?) on conflict do nothing`,
        [p.appId, p.ownerId, p.name, p.storefrontSlug, p.appSlug],
      ),
    // the app's name as its plan box, checkout line and emails show it
    AppDetailsChanged: async ({ payload: p }, tx) => {
      if (p.name === undefined) return;
      await run(tx, 'update commerce_app set name = ? where app_id = ?', [p.name, p.appId]);
    },
    // its key, when its first build named it
    AppAddressChanged: async ({ payload: p }, tx) => {
      if (!p.rekeyed) return;
      await run(tx, 'update commerce_app set storefront_slug = ?, app_slug = ? where app_id = ?', [
        p.storefrontSlug,
        p.appSlug,
        p.appId,
      ]);
    },
    AppPublished: async ({ payload: p }, tx) => {
      await run(tx, `update commerce_app set published_at = coalesce(published_at, ?) where app_id = ?`, [
        p.publishedAt,
        p.appId,
      ]);
      // the app's plans as they are now go live with it; later changes wait for the next publication
      await run(tx, `delete from commerce_live_price_option where app_id = ?`, [p.appId]);
      await run(tx, `insert into commerce_live_price_option select * from commerce_price_option where app_id = ?`, [p.appId]);
    },
  },
});
