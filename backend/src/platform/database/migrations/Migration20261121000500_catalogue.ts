import { Migration } from '@mikro-orm/migrations';

/**
 * Catalogue: the write-side slug claims, and the read models built from catalogue events (browse
 * cards with full-text and trigram search, collections and schools, purchases, enrolments,
 * waitlists, watching progress).
 */
export class Migration20261121000500_catalogue extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    // write side: a slug belongs to one product or collection, claimed in the command's transaction
    this.addSql(`
      create table catalogue_slug_claim (
        kind text not null check (kind in ('product', 'collection')),
        slug text not null,
        owner_id text not null,
        primary key (kind, slug)
      );`);
    this.addSql(`
      create table product_card (
        id text primary key,
        title text not null,
        slug text not null,
        class_slug text not null,
        storefront_slug text not null,
        creator_id text not null,
        creator_name text not null,
        description text not null,
        category text not null,
        topics text[] not null,
        genres text[] not null,
        price_in_cents integer not null,
        currency text not null,
        crossed_price_in_cents integer,
        rating real not null,
        rating_count integer not null,
        release_date timestamptz not null,
        purchase_count integer not null default 0,
        cover_url text not null,
        video_url text not null,
        duration_seconds integer not null,
        contents jsonb not null,
        search tsvector not null default ''::tsvector
      );`);
    // one definition of the search document: title A, description B, creator, topics, genres, category C
    this.addSql(`
      create function product_card_search() returns trigger language plpgsql as $$
      begin
        new.search :=
          setweight(to_tsvector('english', new.title), 'A') ||
          setweight(to_tsvector('english', new.description), 'B') ||
          setweight(to_tsvector('english', concat_ws(' ', new.creator_name, array_to_string(new.topics, ' '),
                                                     array_to_string(new.genres, ' '), new.category)), 'C');
        return new;
      end $$;`);
    this.addSql(`
      create trigger product_card_search_doc before insert or update of title, description, creator_name, topics, genres, category
        on product_card for each row execute function product_card_search();`);
    this.addSql(`create unique index product_card_slugs_idx on product_card (storefront_slug, class_slug);`);
    this.addSql(`create index product_card_newest_idx on product_card (release_date desc, id desc);`);
    this.addSql(`create index product_card_popular_idx on product_card (purchase_count desc, release_date desc, id desc);`);
    this.addSql(`create index product_card_rated_idx on product_card (rating desc, rating_count desc, id desc);`);
    this.addSql(`create index product_card_category_idx on product_card (category, release_date desc, id desc);`);
    this.addSql(`create index product_card_topics_idx on product_card using gin (topics);`);
    this.addSql(`create index product_card_genres_idx on product_card using gin (genres);`);
    this.addSql(`create index product_card_search_idx on product_card using gin (search);`);
    this.addSql(`create index product_card_title_trgm_idx on product_card using gin (lower(title) gin_trgm_ops);`);
    // the words of titles, topics, creators and categories: typos are corrected against them (pg_trgm)
    this.addSql(`create table search_word (word text primary key);`);
    this.addSql(`create index search_word_trgm_idx on search_word using gin (word gin_trgm_ops);`);
    this.addSql(`
      create table product_collection (
        slug text primary key,
        title text not null,
        description text not null,
        program_type text not null,
        cover_url text not null,
        product_ids text[] not null,
        created_at timestamptz not null
      );`);
    this.addSql(`
      create table catalogue_purchase (
        purchase_id text primary key,
        user_id text not null,
        product_id text not null,
        price_in_cents integer not null,
        currency text not null,
        source text not null,
        purchased_at timestamptz not null,
        refunded_at timestamptz,
        refund_reason text
      );`);
    this.addSql(`create index catalogue_purchase_user_idx on catalogue_purchase (user_id, purchased_at desc);`);
    this.addSql(`create index catalogue_purchase_product_idx on catalogue_purchase (product_id, user_id);`);
    this.addSql(`
      create table class_enrolment (
        user_id text not null,
        product_id text not null,
        class_slug text not null,
        class_start_date timestamptz not null,
        class_end_date timestamptz not null,
        primary key (user_id, product_id)
      );`);
    this.addSql(`
      create table waitlist_entry (
        product_id text not null,
        email text not null,
        class_slug text not null,
        user_id text,
        first_name text,
        source text,
        joined_at timestamptz not null,
        primary key (product_id, email)
      );`);
    this.addSql(`
      create table product_progress (
        user_id text not null,
        product_id text not null,
        content_id text not null,
        percent_complete real not null,
        seconds_watched real not null,
        position_in_seconds real not null,
        updated_at timestamptz not null,
        -- the last event applied: re-fed events leave the sums alone
        last_position bigint not null,
        primary key (user_id, product_id, content_id)
      );`);
    this.addSql(`create index product_progress_user_idx on product_progress (user_id, updated_at desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop table if exists product_progress, waitlist_entry, class_enrolment, catalogue_purchase, product_collection, search_word, product_card, catalogue_slug_claim;',
    );
    this.addSql('drop function if exists product_card_search();');
  }
}
