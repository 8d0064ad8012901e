import { Migration } from '@mikro-orm/migrations';

/**
 * Creator apps: the write-side claims (storefront and app slugs, build slots of the per-creator
 * limit) and the read models of the creator-apps.studio projection (apps with their drafts, published
 * state and latest build, document versions, blueprint examples, brainstorms, creators' names).
 */
export class Migration20261121000700_creator_apps extends Migration {
  override async up(): Promise<void> {
    // write side: one storefront slug per creator, one app slug per storefront, builds in flight
    this.addSql(`
      create table creator_storefront (
        owner_id text primary key,
        slug text not null unique
      );`);
    this.addSql(`
      create table creator_app_slug (
        storefront_slug text not null,
        app_slug text not null,
        app_id uuid not null unique,
        primary key (storefront_slug, app_slug)
      );`);
    this.addSql(`
      create table creator_build_slot (
        run_id uuid primary key,
        owner_id text not null,
        app_id uuid not null,
        requested_at timestamptz not null default now()
      );`);
    this.addSql(`create index creator_build_slot_owner_idx on creator_build_slot (owner_id);`);

    // read models
    this.addSql(`
      create table creator_app (
        app_id uuid primary key,
        owner_id text not null,
        name text not null,
        storefront_slug text not null,
        app_slug text not null,
        is_idea boolean not null,
        prompt text not null,
        app_idea text,
        canvas_settings jsonb,
        theme jsonb,
        app_image jsonb,
        blueprint jsonb,
        blueprint_version_id uuid,
        landing_page jsonb,
        landing_page_version_id uuid,
        onboarding_flow jsonb,
        onboarding_flow_version_id uuid,
        published jsonb,
        published_at timestamptz,
        last_opened_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        build_run_id uuid,
        build_status text not null default 'none',
        build_percent real not null default 0,
        build_step text,
        build_error text,
        has_unpublished_changes boolean not null default false,
        version integer not null,
        unique (storefront_slug, app_slug)
      );`);
    this.addSql(`create index creator_app_owner_idx on creator_app (owner_id, last_opened_at desc nulls last, created_at desc);`);
    this.addSql(`create index creator_app_build_run_idx on creator_app (build_run_id);`);
    this.addSql(`create index creator_app_published_idx on creator_app (published_at desc) where published_at is not null;`);
    this.addSql(`
      create table creator_app_version (
        version_id uuid primary key,
        app_id uuid not null,
        document text not null check (document in ('blueprint', 'landing-page', 'onboarding-flow')),
        number integer not null,
        content jsonb not null,
        reason text not null,
        restored_from uuid,
        run_id uuid,
        created_by text not null,
        created_at timestamptz not null,
        unique (app_id, document, number)
      );`);
    this.addSql(`
      create table creator_blueprint_example (
        example_id uuid primary key,
        app_id uuid not null,
        owner_id text not null,
        title text not null,
        content text not null,
        type text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version integer not null
      );`);
    this.addSql(`create index creator_blueprint_example_app_idx on creator_blueprint_example (app_id, type, created_at desc);`);
    this.addSql(`
      create table creator_brainstorm (
        brainstorm_id uuid primary key,
        owner_id text not null,
        prompt text not null,
        run_id uuid not null unique,
        status text not null,
        ideas jsonb,
        generated_by text,
        error text,
        created_at timestamptz not null
      );`);
    this.addSql(`
      create table creator_profile (
        user_id text primary key,
        email text not null,
        first_name text not null,
        last_name text not null
      );`);
    this.addSql(`create index creator_profile_email_idx on creator_profile (email);`);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop table if exists creator_profile, creator_brainstorm, creator_blueprint_example, creator_app_version, creator_app, ' +
        'creator_build_slot, creator_app_slug, creator_storefront;',
    );
  }
}
