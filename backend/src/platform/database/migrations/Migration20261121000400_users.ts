import { Migration } from '@mikro-orm/migrations';

/**
 * Users: the email claim of the write side (one profile per email, one email per profile) and the
 * read models of the users projection (profiles, program info, anonymous links, leads).
 */
export class Migration20261121000400_users extends Migration {
  override async up(): Promise<void> {
    // write model: claimed inside the create command's transaction; never truncated by a replay
    this.addSql(`
      create table user_email_claim (
        email text primary key,
        user_id text not null unique,
        claimed_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table user_profile (
        user_id text primary key,
        email text not null,
        first_name text not null,
        last_name text not null,
        username text,
        sign_up_date timestamptz not null,
        mini_bio text,
        membership_status text not null default 'inactive' check (membership_status in ('active', 'inactive', 'suspended')),
        profile_photo text,
        current_session_slug text,
        has_new_dashboard_access boolean not null default false,
        vip_products jsonb not null default '{}',
        is_vip boolean not null default false,
        is_special boolean not null default false,
        stripe_customer_id text,
        offers_seen_info jsonb not null default '{}',
        is_social_sign_in boolean not null default false,
        social_provider text,
        version integer not null
      );`);
    this.addSql(`create unique index user_profile_email_idx on user_profile (email);`);
    this.addSql(`
      create table user_program_info (
        user_id text not null,
        slug text not null,
        program_info jsonb not null,
        saved_at timestamptz not null,
        primary key (user_id, slug)
      );`);
    this.addSql(`
      create table user_anonymous_link (
        anonymous_id text primary key,
        user_id text not null,
        via text not null,
        storefront_slug text,
        app_slug text,
        linked_at timestamptz not null
      );`);
    this.addSql(`create index user_anonymous_link_user_idx on user_anonymous_link (user_id);`);
    this.addSql(`
      create table email_lead (
        email text primary key,
        classes_interested_in jsonb not null default '[]',
        tags jsonb not null default '[]',
        times_collected integer not null default 0,
        first_collected_at timestamptz not null,
        last_collected_at timestamptz not null
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists email_lead, user_anonymous_link, user_program_info, user_profile, user_email_claim;');
  }
}
