import type { catalogue } from '@sparkhouse/contracts';

/** Columns of product_card read back by every query (the search document stays in the database). */
export const CARD_COLUMNS = `id, title, slug, class_slug, storefront_slug, creator_id, creator_name, description, category,
  topics, genres, price_in_cents, currency, crossed_price_in_cents, rating, rating_count, release_date, purchase_count,
  cover_url, video_url, duration_seconds`;

export const CARD_COLUMNS_QUALIFIED = (alias: string) =>
  CARD_COLUMNS.split(',')
    .map((c) => `${alias}.${c.trim()}`)
    .join(', ');

const INSERT_COLUMNS = `id, title, slug, class_slug, storefront_slug, creator_id, creator_name, description, category, topics,
  genres, price_in_cents, currency, crossed_price_in_cents, rating, rating_count, release_date, cover_url, video_url,
  duration_seconds, contents`;

/**
 * A product_card row from a ProductPublished payload `p` (jsonb). Shared by the projection (one event)
 * and the bulk demo loader (a whole range of the log), so both build the very same rows.
 */
export const cardValuesFromPayload = (p: string) => `
  ${p}->>'productId', ${p}->>'title', (${p}->>'storefrontSlug') || '/' || (${p}->>'classSlug'), ${p}->>'classSlug',
  ${p}->>'storefrontSlug', ${p}#>>'{creator,id}', ${p}#>>'{creator,name}', ${p}->>'description', ${p}->>'category',
  array(select jsonb_array_elements_text(${p}->'topics')), array(select jsonb_array_elements_text(${p}->'genres')),
  (${p}#>>'{priceInfo,priceInCents}')::int, ${p}#>>'{priceInfo,currency}', (${p}#>>'{priceInfo,crossedPriceInCents}')::int,
  (${p}->>'rating')::real, (${p}->>'ratingCount')::int, (${p}->>'releaseDate')::timestamptz,
  ${p}#>>'{media,coverUrl}', ${p}#>>'{media,videoUrl}',
  coalesce((select sum((c->>'durationSeconds')::int) from jsonb_array_elements(${p}#>'{media,contents}') c), 0)::int,
  ${p}#>'{media,contents}'`;

/**
 * The search document of a card from its ProductPublished payload `p` (jsonb), as the card's trigger computes
 * it from the card's columns (migration 20261204000100: both call product_card_search_document).
 */
export const SEARCH_DOCUMENT_FROM_PAYLOAD = (p: string) =>
  `product_card_search_document(${p}->>'title', ${p}->>'description', ${p}#>>'{creator,name}',
     card_words(${p}->'topics'), card_words(${p}->'genres'), ${p}->>'category')`;

/**
 * Inserts the cards `select` answers (INSERT_COLUMNS, in order; with `extraColumns` after them, e.g. a
 * purchase count the select computes), a card already there kept as it is.
 */
export const INSERT_CARD_FROM = (select: string, extraColumns = '') =>
  `insert into product_card (${INSERT_COLUMNS}${extraColumns ? `, ${extraColumns}` : ''}) ${select} on conflict (id) do nothing`;

/** The columns of product_card a card's search words come from (what INSERT_SEARCH_WORDS_OF reads). */
export const SEARCH_WORD_COLUMNS = 'title, topics, creator_name, category';

/** Adds the words of cards `c` (`from`: product_card or rows with its SEARCH_WORD_COLUMNS) to search_word; words already there stay. */
const insertSearchWords = (from: string, where: string) =>
  `insert into search_word (word)
   select distinct w from ${from} c,
     regexp_split_to_table(lower(concat_ws(' ', c.title, array_to_string(c.topics, ' '), c.creator_name, c.category)), '[^[:alnum:]]+') w
    ${where} ${where ? 'and' : 'where'} length(w) >= 3
   on conflict do nothing`;

/** Adds the words of the selected cards to the typo dictionary (search_word); words already there stay. */
export const INSERT_SEARCH_WORDS = (where: string) => insertSearchWords('product_card', where);

/** As INSERT_SEARCH_WORDS, for the cards in `rows` (a statement's rows with SEARCH_WORD_COLUMNS, e.g. an insert's returning). */
export const INSERT_SEARCH_WORDS_OF = (rows: string) => insertSearchWords(rows, '');

export interface CardRow {
  id: string;
  title: string;
  slug: string;
  class_slug: string;
  storefront_slug: string;
  creator_id: string;
  creator_name: string;
  description: string;
  category: string;
  topics: string[];
  genres: string[];
  price_in_cents: number;
  currency: string;
  crossed_price_in_cents: number | null;
  rating: number;
  rating_count: number;
  release_date: Date | string;
  purchase_count: number;
  cover_url: string;
  video_url: string;
  duration_seconds: number;
  contents?: catalogue.Product['media']['contents'];
}

export const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export function toCard(r: CardRow): catalogue.ProductCard {
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    classSlug: r.class_slug,
    storefrontSlug: r.storefront_slug,
    creator: { id: r.creator_id, name: r.creator_name },
    description: r.description,
    category: r.category,
    topics: r.topics,
    genres: r.genres,
    priceInfo: { priceInCents: r.price_in_cents, currency: r.currency, crossedPriceInCents: r.crossed_price_in_cents },
    rating: r.rating,
    ratingCount: r.rating_count,
    releaseDate: iso(r.release_date),
    purchaseCount: r.purchase_count,
    media: { coverUrl: r.cover_url, videoUrl: r.video_url, durationSeconds: r.duration_seconds },
  };
}

export function toProduct(r: CardRow): catalogue.Product {
  const card = toCard(r);
  return { ...card, media: { ...card.media, contents: r.contents ?? [] } };
}
