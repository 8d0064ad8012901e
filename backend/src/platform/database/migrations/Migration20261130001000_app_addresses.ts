import { Migration } from '@mikro-orm/migrations';

/**
 * Addresses people keep: an app keeps every slug it had (the old ones answer with a 301 to the new
 * one), a creator every storefront slug (only one is current). The write-side claims stop being one
 * per app / one per creator; the read models resolve any address to the app or storefront and its
 * current address, and hold what a storefront page shows.
 */
export class Migration20261130001000_app_addresses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table creator_app_slug drop constraint if exists creator_app_slug_app_id_key;`);
    this.addSql(`create index if not exists creator_app_slug_app_idx on creator_app_slug (app_id);`);
    this.addSql(`alter table creator_storefront add column is_current boolean not null default true;`);
    this.addSql(`alter table creator_storefront drop constraint if exists creator_storefront_pkey;`);
    this.addSql(`create unique index creator_storefront_current_idx on creator_storefront (owner_id) where is_current;`);

    this.addSql(`
      create table creator_app_address (
        storefront_slug text not null,
        app_slug text not null,
        app_id uuid not null,
        is_current boolean not null,
        primary key (storefront_slug, app_slug)
      );`);
    this.addSql(`create index creator_app_address_app_idx on creator_app_address (app_id);`);
    this.addSql(`
      create table creator_storefront_page (
        owner_id text primary key,
        storefront_slug text not null,
        bio text,
        photo_url text
      );`);
    this.addSql(`
      create table creator_storefront_address (
        slug text primary key,
        owner_id text not null,
        is_current boolean not null
      );`);
    this.addSql(`alter table creator_app add column address_storefront_slug text, add column address_app_slug text,
                 add column share_image jsonb;`);
  }

  override async down(): Promise<void> {
    this.addSql(
      'alter table creator_app drop column address_storefront_slug, drop column address_app_slug, drop column share_image;',
    );
    this.addSql('drop table if exists creator_storefront_address;');
    this.addSql('drop table if exists creator_storefront_page;');
    this.addSql('drop table if exists creator_app_address;');
    this.addSql('drop index if exists creator_storefront_current_idx;');
    this.addSql('alter table creator_storefront drop column is_current;');
    this.addSql('alter table creator_storefront add primary key (owner_id);');
  }
}
