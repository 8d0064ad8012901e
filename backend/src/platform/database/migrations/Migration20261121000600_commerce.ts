import { Migration } from '@mikro-orm/migrations';

/**
 * Commerce and offers: the Stripe emulator's state and webhook outbox (so it survives restarts and
 * several API nodes share it), the write-side records of the webhook (each Stripe event once, payment
 * intents to checkout sessions, users to Stripe customers), and the read models built from commerce,
 * creator-app and offer events.
 */
export class Migration20261121000600_commerce extends Migration {
  override async up(): Promise<void> {
    // ---- the Stripe emulator (default payments back end) ----
    this.addSql(`
      create table stripe_emulator_object (
        kind text not null,
        id text not null,
        seq bigserial not null,
        data jsonb not null,
        primary key (kind, id)
      );`);
    this.addSql(`create index stripe_emulator_object_seq on stripe_emulator_object (kind, seq);`);
    // answer null: claimed by a process executing the request right now (the others wait for its answer)
    this.addSql(
      `create table stripe_emulator_idempotency (key text primary key, answer jsonb, created_at timestamptz not null default now());`,
    );
    // one row per event to deliver; API nodes claim rows with FOR UPDATE SKIP LOCKED, so none is sent twice at once
    this.addSql(`
      create table stripe_emulator_delivery (
        seq bigserial primary key,
        event_id text not null unique,
        type text not null,
        status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        last_status_code integer,
        last_error text,
        delivered_at timestamptz
      );`);
    this.addSql(
      `create index stripe_emulator_delivery_due on stripe_emulator_delivery (next_attempt_at, seq) where status = 'pending';`,
    );

    // ---- write side ----
    this.addSql(`
      create table commerce_stripe_event (
        event_id text primary key,
        type text not null,
        received_at timestamptz not null default now()
      );`);
    this.addSql(`create table commerce_customer (user_id text primary key, customer_id text not null unique);`);
    this.addSql(`
      create table commerce_payment (
        payment_intent_id text primary key,
        session_id text not null,
        user_id text not null
      );`);

    // ---- read models ----
    this.addSql(`
      create table commerce_cart (
        user_id text primary key,
        product_ids text[] not null,
        offer_valid boolean,
        updated_at timestamptz not null
      );`);
    this.addSql(`
      create table commerce_price_option (
        storefront_slug text not null,
        app_slug text not null,
        option_id text not null,
        app_id text,
        position integer not null,
        stripe_product_id text not null,
        price_id text not null,
        amount_in_cents integer not null,
        currency text not null,
        interval text not null,
        interval_count integer not null,
        display_name text not null,
        description text not null,
        features jsonb not null,
        plan_category text not null,
        trial_days integer not null,
        period_credit_in_cents integer not null,
        tier_slug text,
        primary key (storefront_slug, app_slug, option_id)
      );`);
    this.addSql(`
      create table commerce_app (
        app_id text primary key,
        owner_id text not null,
        name text not null,
        storefront_slug text not null,
        app_slug text not null,
        unique (storefront_slug, app_slug)
      );`);
    this.addSql(`
      create table commerce_checkout_session (
        session_id text primary key,
        user_id text not null,
        mode text not null,
        status text not null,
        product_ids text[] not null,
        amount_total_in_cents integer not null,
        storefront_slug text,
        app_slug text,
        price_option_id text,
        subscription_id text,
        payment_intent_id text,
        created_at timestamptz not null,
        completed_at timestamptz
      );`);
    this.addSql(`create index commerce_checkout_session_user on commerce_checkout_session (user_id, created_at desc);`);
    this.addSql(`
      create table commerce_subscription (
        subscription_id text primary key,
        user_id text not null,
        customer_id text not null,
        status text not null,
        storefront_slug text not null,
        app_slug text not null,
        app_id text,
        price_option_id text not null,
        plan_display_name text not null,
        tier_slug text,
        trial_end timestamptz,
        current_period_end timestamptz,
        started_at timestamptz not null,
        canceled_at timestamptz
      );`);
    this.addSql(`create index commerce_subscription_user on commerce_subscription (user_id, started_at desc);`);
    this.addSql(`
      create table commerce_credit_entry (
        entry_id text primary key,
        user_id text not null,
        amount_in_cents integer not null,
        kind text not null check (kind in ('grant', 'spend')),
        at timestamptz not null
      );`);
    this.addSql(`create index commerce_credit_entry_user on commerce_credit_entry (user_id);`);
    // what commerce needs to know of a user (from the users module's events): email, VIP, offers seen
    this.addSql(`
      create table commerce_buyer (
        user_id text primary key,
        email text,
        vip_products jsonb not null default '{}',
        offers_seen jsonb not null default '{}'
      );`);
    this.addSql(`create index commerce_buyer_email on commerce_buyer (email);`);
    this.addSql(`
      create table offer_terms (
        product_id text primary key,
        offer_key text not null,
        crossed_price_applicable_from timestamptz,
        special_only_vip boolean not null,
        should_not_hide_discount boolean not null,
        updated_at timestamptz not null
      );`);
  }
}
