import type { Db } from '../../../platform/database/database';
import { run } from '../../../platform/database/sql';
import { defineProjection } from '../../../platform/events/define-projection';
import { ADDRESSES_PROJECTION } from '../domain/read-models';

/** `slug` is now the owner's storefront slug; their earlier ones stay, no longer current. */
async function storefrontAt(tx: Db, ownerId: string, slug: string) {
  await run(tx, 'update creator_storefront_address set is_current = false where owner_id = ? and slug <> ?', [ownerId, slug]);
  await run(
    tx,
    `insert into creator_storefront_address (slug, owner_id, is_current) values (?, ?, true)
     on conflict (slug) do update set owner_id = excluded.owner_id, is_current = true`,
    [slug, ownerId],
  );
  await run(
    tx,
    `insert into creator_storefront_page (owner_id, storefront_slug) values (?, ?)
     on conflict (owner_id) do update set storefront_slug = excluded.storefront_slug`,
    [ownerId, slug],
  );
}

/** The app is at this address now; its earlier addresses stay, no longer current. */
async function appAt(tx: Db, appId: string, storefrontSlug: string, appSlug: string) {
  await run(
    tx,
    'update creator_app_address set is_current = false where app_id = ? and not (storefront_slug = ? and app_slug = ?)',
    [appId, storefrontSlug, appSlug],
  );
  await run(
    tx,
    `insert into creator_app_address (storefront_slug, app_slug, app_id, is_current) values (?, ?, ?, true)
     on conflict (storefront_slug, app_slug) do update set app_id = excluded.app_id, is_current = true`,
    [storefrontSlug, appSlug, appId],
  );
}

/**
 * Every address an app or a storefront ever had, the current one marked (an old one answers with a
 * 301 to it), and what a storefront page says about its creator.
 */
export const appAddressesProjection = defineProjection({
  name: ADDRESSES_PROJECTION,
  version: 1,
  tables: ['creator_app_address', 'creator_storefront_address', 'creator_storefront_page'],
  on: {
    AppCreated: async ({ payload: p }, tx) => {
      await appAt(tx, p.appId, p.storefrontSlug, p.appSlug);
      // an app made with the storefront's current slug; the storefront's first app claims it
      await run(
        tx,
        `insert into creator_storefront_address (slug, owner_id, is_current) values (?, ?, true) on conflict (slug) do nothing`,
        [p.storefrontSlug, p.ownerId],
      );
      await run(
        tx,
        `insert into creator_storefront_page (owner_id, storefront_slug) values (?, ?) on conflict (owner_id) do nothing`,
        [p.ownerId, p.storefrontSlug],
      );
    },
    AppAddressChanged: ({ payload: p }, tx) => appAt(tx, p.appId, p.storefrontSlug, p.appSlug),
    StorefrontSlugChanged: ({ payload: p }, tx) => storefrontAt(tx, p.ownerId, p.storefrontSlug),
    StorefrontDetailsChanged: ({ payload: p }, tx) =>
      run(
        tx,
        `update creator_storefront_page set bio = case when ? then ? else bio end,
                photo_url = case when ? then ? else photo_url end
          where owner_id = ?`,
        [p.bio !== undefined, p.bio ?? null, p.photoUrl !== undefined, p.photoUrl ?? null, p.ownerId],
      ),
  },
});
