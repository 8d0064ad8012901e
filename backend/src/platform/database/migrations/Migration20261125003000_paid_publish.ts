import { Migration } from '@mikro-orm/migrations';

/**
 * Pricing goes live with the app, and publishing needs a creator-platform plan:
 * - creator_app.pricing: the app's draft pricing (from PriceOptionsDefined), compared with the published
 *   copy in creator_app.published like the other documents (the studio projection's version 2 replays);
 * - creator_platform_subscription: the creator-platform plans of creators, for the publish check;
 * - commerce_live_price_option: the plans visitors see and buy, copied from the draft plans at each
 *   publication (the commerce projection's version 3 replays).
 */
export class Migration20261125003000_paid_publish extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table creator_app add column pricing jsonb;`);
    this.addSql(`
      create table creator_platform_subscription (
        subscription_id text primary key,
        user_id text not null,
        tier_slug text,
        status text not null,
        started_at timestamptz not null
      );`);
    this.addSql(`create index creator_platform_subscription_user_idx on creator_platform_subscription (user_id);`);
    this.addSql(`create table commerce_live_price_option (like commerce_price_option including all);`);
  }
}
