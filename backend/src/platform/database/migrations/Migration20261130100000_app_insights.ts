import { Migration } from '@mikro-orm/migrations';

/**
 * The creator's Insights (creator-apps.insights projection): per app and day counters of the funnel,
 * the visitors' stages (each counted once, the first time it is reached), onboarding pages reached and
 * where visitors stopped, the app's subscriptions with their normalised monthly price, paid invoices,
 * and members' check-in days. The *_view, *_invoice and visitor/page rows make re-delivered events count once.
 */
export class Migration20261130100000_app_insights extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table app_insights_app (
        app_id text primary key,
        owner_id text not null,
        storefront_slug text not null,
        app_slug text not null
      );
      create unique index app_insights_app_slugs_idx on app_insights_app (storefront_slug, app_slug);

      create table app_insights_day (
        app_id text not null,
        day date not null,
        views integer not null default 0,
        visitors integer not null default 0,
        started integer not null default 0,
        completed integer not null default 0,
        plan_ready integer not null default 0,
        accounts integer not null default 0,
        trials integer not null default 0,
        paid integer not null default 0,
        churned integer not null default 0,
        revenue_cents bigint not null default 0,
        primary key (app_id, day)
      );

      create table app_insights_visitor (
        app_id text not null,
        visitor_id text not null,
        viewed_at timestamptz,
        started_at timestamptz,
        completed_at timestamptz,
        plan_ready_at timestamptz,
        account_at timestamptz,
        trial_at timestamptz,
        paid_at timestamptz,
        page_id text,
        page_at timestamptz,
        primary key (app_id, visitor_id)
      );
      create index app_insights_visitor_visitor_idx on app_insights_visitor (visitor_id);

      create table app_insights_view (event_id uuid primary key);

      create table app_insights_page (
        app_id text not null,
        page_id text not null,
        position integer not null,
        reached integer not null default 0,
        stopped integer not null default 0,
        primary key (app_id, page_id)
      );
      create table app_insights_visitor_page (
        app_id text not null,
        visitor_id text not null,
        page_id text not null,
        primary key (app_id, visitor_id, page_id)
      );
      create index app_insights_visitor_page_visitor_idx on app_insights_visitor_page (visitor_id);

      create table app_insights_link (anonymous_id text primary key, user_id text not null);

      create table app_insights_plan_run (run_id text primary key, app_id text not null, visitor_id text not null);

      create table app_insights_price (
        price_option_id text primary key,
        amount_cents integer not null,
        interval text not null,
        interval_count integer not null,
        currency text not null
      );

      create table app_insights_subscription (
        subscription_id text primary key,
        app_id text not null,
        user_id text not null,
        interval text,
        monthly_cents integer not null default 0,
        currency text not null default 'usd',
        status text not null,
        had_trial boolean not null,
        started_at timestamptz not null,
        paid_at timestamptz,
        canceled_at timestamptz
      );
      create index app_insights_subscription_app_idx on app_insights_subscription (app_id, started_at);

      create table app_insights_invoice (invoice_id text primary key);

      create table app_insights_check_in (
        app_id text not null,
        member_id text not null,
        day date not null,
        primary key (app_id, member_id, day)
      );
      create index app_insights_check_in_day_idx on app_insights_check_in (app_id, day);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists app_insights_app, app_insights_day, app_insights_visitor, app_insights_view,
      app_insights_page, app_insights_visitor_page, app_insights_link, app_insights_plan_run, app_insights_price,
      app_insights_subscription, app_insights_invoice, app_insights_check_in;`);
  }
}
