import { Migration } from '@mikro-orm/migrations';

/**
 * A product card's search document as functions PostgreSQL may run in parallel workers: a rebuild of the
 * catalogue computes every card's document ahead of the insert, on all cores (three to_tsvector calls a card
 * were most of a replay's time, on one core). The trigger keeps one definition of the document: it computes
 * it with the same function, and keeps a document an insert brings along.
 */
export class Migration20261204000100_card_search_document extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function card_words(j jsonb) returns text language sql immutable parallel safe
        as $$ select coalesce(string_agg(w, ' '), '') from jsonb_array_elements_text(j) w $$;`);
    // title A, description B, creator, topics, genres and category C (topics and genres as words apart)
    this.addSql(`
      create function product_card_search_document(title text, description text, creator_name text, topics text,
                                                   genres text, category text) returns tsvector
        language sql immutable parallel safe
        as $$ select setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B') ||
                     setweight(to_tsvector('english', concat_ws(' ', creator_name, topics, genres, category)), 'C') $$;`);
    this.addSql(`
      create or replace function product_card_search() returns trigger language plpgsql as $$
      begin
        -- a card inserted with its document (a rebuild computes them ahead) keeps it
        if tg_op = 'INSERT' and new.search <> ''::tsvector then
          return new;
        end if;
        new.search := product_card_search_document(new.title, new.description, new.creator_name,
          array_to_string(new.topics, ' '), array_to_string(new.genres, ' '), new.category);
        return new;
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      create or replace function product_card_search() returns trigger language plpgsql as $$
      begin
        new.search :=
          setweight(to_tsvector('english', new.title), 'A') ||
          setweight(to_tsvector('english', new.description), 'B') ||
          setweight(to_tsvector('english', concat_ws(' ', new.creator_name, array_to_string(new.topics, ' '),
                                                     array_to_string(new.genres, ' '), new.category)), 'C');
        return new;
      end $$;`);
    this.addSql('drop function product_card_search_document(text, text, text, text, text, text);');
    this.addSql('drop function card_words(jsonb);');
  }
}
