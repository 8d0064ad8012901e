import { createHash } from 'node:crypto';
import { normaliseSearch, toPrefixTsQuery } from '../domain/search-text';
import { CARD_COLUMNS } from './product-card.sql';

export type ListOrder = 'newest' | 'top_rated' | 'popular';

export interface ProductListFilter {
  limit: number;
  lastProductId?: string;
  categories?: readonly string[];
  topics?: readonly string[];
  genres?: readonly string[];
  title?: string;
  search?: string;
  order: ListOrder;
}

/** A prepared statement: the same text always has the same name, so PostgreSQL plans it once per connection. */
export interface PreparedQuery {
  name: string;
  text: string;
  values: unknown[];
}

/** Free-text results are the best this many matches (by ts_rank), ordered by the full ranking. */
export const SEARCH_WINDOW = 500;

/** Sort keys of each view; all descending, so a row comparison is the keyset condition. */
const ORDER_KEYS: Record<ListOrder, string[]> = {
  newest: ['release_date', 'id'],
  popular: ['purchase_count', 'release_date', 'id'],
  top_rated: ['rating', 'rating_count', 'id'],
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * The one SQL of GET /getProducts (and of the bench's bare server): filters on the facet arrays and
 * category, a title prefix or near-miss, and the view's order — or, with free text, full-text
 * matches (each word, the last as a prefix) ranked by ts_rank_cd plus title word similarity, among
 * the SEARCH_WINDOW best by ts_rank (a broad word can match a tenth of the catalogue). Pages
 * are keyset pages after lastProductId; an unknown lastProductId makes the cursor null, so the page
 * is empty. One row more than the limit tells whether a next page exists. (Typos: see product-search.)
 */
export function productListQuery(f: ProductListFilter): PreparedQuery {
  const values: unknown[] = [];
  const param = (v: unknown, cast = '') => {
    values.push(v);
    return `$${values.length}${cast}`;
  };
  const where = filterConditions(f, param);
  const cols = CARD_COLUMNS.split(',')
    .map((col) => `c.${col.trim()}`)
    .join(', ');
  const tsquery = toPrefixTsQuery(f.search);
  let text: string;
  if (!tsquery) {
    const order = ORDER_KEYS[f.order];
    if (f.lastProductId) {
      const keys = order.map((k) => `c.${k}`).join(', ');
      const cursor = order.map((k) => `x.${k}`).join(', ');
      where.push(`(${keys}) < (select ${cursor} from product_card x where x.id = ${param(f.lastProductId)})`);
    }
    text = `select ${cols} from product_card c${and(where)} order by ${order.map((k) => `c.${k} desc`).join(', ')}`;
  } else {
    // two stages: the cheap ts_rank picks the SEARCH_WINDOW best matches, which are then ordered by
    // ts_rank_cd + title word similarity (costly on the thousands of rows a broad word matches)
    const q = `to_tsquery('english', ${param(tsquery)})`;
    const s = param(normaliseSearch(f.search));
    where.push(`c.search @@ ${q}`);
    const cursor = f.lastProductId
      ? ` where (r.score, r.id) < (select x.score, x.id from ranked x where x.id = ${param(f.lastProductId)})`
      : '';
    text =
      `with hits as (select ${cols}, c.search from product_card c${and(where)}` +
      ` order by ts_rank(c.search, ${q}) desc, c.id desc limit ${SEARCH_WINDOW}),` +
      ` ranked as (select h.*, (ts_rank_cd(h.search, ${q}) + word_similarity(${s}, lower(h.title)))::real as score from hits h)` +
      ` select ${cols.replace(/\bc\./g, 'r.')}, r.score from ranked r${cursor} order by r.score desc, r.id desc`;
  }
  text += ` limit ${param(f.limit + 1, '::int')}`;
  return named(text, values);
}

/** Whether the cursor's product matches the free text as typed (null: no such product, or no words). */
export function cursorMatchesTextQuery(f: ProductListFilter): PreparedQuery | null {
  const tsquery = toPrefixTsQuery(f.search);
  if (!tsquery || !f.lastProductId) return null;
  return named(`select c.search @@ to_tsquery('english', $1) as found from product_card c where c.id = $2`, [
    tsquery,
    f.lastProductId,
  ]);
}

/** For each word, the closest word of the dictionary (trigram similarity), or the word itself. */
export function correctWordsQuery(words: readonly string[]): PreparedQuery {
  return named(
    `select coalesce((select d.word from search_word d where d.word % w order by similarity(d.word, w) desc, d.word limit 1), w) as word
       from unnest($1::text[]) with ordinality as t(w, n) order by n`,
    [words],
  );
}

function filterConditions(f: ProductListFilter, param: (v: unknown, cast?: string) => string): string[] {
  const where: string[] = [];
  if (f.categories?.length) where.push(`c.category = any(${param(f.categories, '::text[]')})`);
  if (f.topics?.length) where.push(`c.topics && ${param(f.topics, '::text[]')}`);
  if (f.genres?.length) where.push(`c.genres && ${param(f.genres, '::text[]')}`);
  const title = normaliseSearch(f.title);
  if (title) {
    const t = param(title);
    where.push(`(lower(c.title) like ${param(escapeLike(title) + '%')} or ${t} <% lower(c.title))`);
  }
  return where;
}

const and = (where: string[]) => (where.length ? ` where ${where.join(' and ')}` : '');

const named = (text: string, values: unknown[]): PreparedQuery => ({
  name: `catalogue_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`,
  text,
  values,
});
