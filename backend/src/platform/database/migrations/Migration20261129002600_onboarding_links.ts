import { Migration } from '@mikro-orm/migrations';

/**
 * "Email me my plan" (issue 26): the one-time links emailed to an address's owner. Write model of the
 * users area (never rebuilt from the log): only a SHA-256 of each token is kept; used_at makes a link
 * single use (set in the transaction that links, under the row's lock).
 */
export class Migration20261129002600_onboarding_links extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table onboarding_link (
        link_id uuid primary key,
        token_hash text not null unique,
        anonymous_id text not null,
        user_id text not null,
        storefront_slug text not null,
        app_slug text not null,
        requested_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists onboarding_link;');
  }
}
