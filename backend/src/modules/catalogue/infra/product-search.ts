import type { QueryResultRow } from 'pg';
import { searchWords } from '../domain/search-text';
import type { CardRow } from './product-card.sql';
import {
  correctWordsQuery,
  cursorMatchesTextQuery,
  productListQuery,
  type PreparedQuery,
  type ProductListFilter,
} from './product-list.query';

export type RunQuery = <T extends QueryResultRow>(q: PreparedQuery) => Promise<T[]>;

/**
 * The rows of one /getProducts page. Free text that matches nothing as typed has its words
 * corrected against the dictionary of catalogue words (pg_trgm similarity: "photgraphy" ->
 * "photography") and is searched again. A later page knows which words its search used from its
 * cursor: a cursor product that matches the text as typed came from an uncorrected search.
 * Shared by the API and the bench's bare server.
 */
export async function productListRows(run: RunQuery, f: ProductListFilter): Promise<CardRow[]> {
  return (await productListPage(run, f)).rows;
}

/** The rows of one page and, when the search as typed matched nothing, the words searched for instead. */
export async function productListPage(
  run: RunQuery,
  f: ProductListFilter,
): Promise<{ rows: CardRow[]; searchedFor: string | null }> {
  const corrected = async () => {
    const words = (await run<{ word: string }>(correctWordsQuery(searchWords(f.search)))).map((r) => r.word);
    const searchedFor = words.join(' ');
    return { rows: await run<CardRow>(productListQuery({ ...f, search: searchedFor })), searchedFor: searchedFor || null };
  };
  const cursorCheck = cursorMatchesTextQuery(f);
  if (cursorCheck) {
    const [cursor] = await run<{ found: boolean }>(cursorCheck);
    if (!cursor) return { rows: [], searchedFor: null };
    return cursor.found ? { rows: await run<CardRow>(productListQuery(f)), searchedFor: null } : corrected();
  }
  const rows = await run<CardRow>(productListQuery(f));
  return rows.length === 0 && searchWords(f.search).length > 0 ? corrected() : { rows, searchedFor: null };
}
