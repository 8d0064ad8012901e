import { Migration } from '@mikro-orm/migrations';

/**
 * Every address an app has had (AppCreated's, then each AppAddressChanged's): landing views and
 * subscriptions filed under an earlier address still count for the app (creator-apps.insights, v2).
 */
export class Migration20261130100100_app_insights_addresses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table app_insights_address (
        storefront_slug text not null,
        app_slug text not null,
        app_id text not null,
        primary key (storefront_slug, app_slug)
      );
      drop index if exists app_insights_app_slugs_idx;
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists app_insights_address;');
    this.addSql('create unique index app_insights_app_slugs_idx on app_insights_app (storefront_slug, app_slug);');
  }
}
