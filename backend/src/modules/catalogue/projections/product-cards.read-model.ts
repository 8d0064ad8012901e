import type { PayloadOf } from '@sparkhouse/contracts';
import type { Db } from '../../../platform/database/database';
import type { EventRows } from '../../../platform/events/event-rows';
import type { ProjectionHandlers } from '../../../platform/events/define-projection';
import { run } from '../../../platform/database/sql';
import {
  cardValuesFromPayload,
  INSERT_CARD_FROM,
  INSERT_SEARCH_WORDS,
  INSERT_SEARCH_WORDS_OF,
  SEARCH_DOCUMENT_FROM_PAYLOAD,
  SEARCH_WORD_COLUMNS,
} from '../infra/product-card.sql';

/**
 * As ProductPublished one by one: cards first come, first kept (`do nothing` on a known id), and the words
 * of the cards it adds, in one statement (the events are read once). A card already there added its words
 * when it came (and ProductUpdated adds those of its changes), so the words are those of every card named.
 * With `counts` (purchaseCountsOf a run of purchases right after these publications, already recorded), the
 * cards it adds are written with the purchase count that run's recount would then give them, instead of 0.
 * A stretch of the log (a rebuild) has its cards' search documents computed first, on every core.
 */
export async function publishCards(tx: Db, events: EventRows, counts?: EventRows) {
  const documents = events.unordered ? await searchDocumentsAhead(tx, events.unordered) : null;
  const from = `(${events.sql}) e${counts ? ` left join (${counts.sql}) k on k.product_id = e.payload->>'productId'` : ''}${
    documents ? ` left join ${documents} d on d.position = e.position` : ''
  }`;
  const select = `select ${cardValuesFromPayload('e.payload')}${counts ? ', coalesce(k.n, 0)' : ''}${documents ? ', d.search' : ''}
                    from ${from} order by e.n`;
  const extra = [counts ? 'purchase_count' : '', documents ? 'search' : ''].filter(Boolean).join(', ');
  await run(
    tx,
    `with added as (
       ${INSERT_CARD_FROM(select, extra)}
       returning ${SEARCH_WORD_COLUMNS}
     )
     ${INSERT_SEARCH_WORDS_OF('added')}`,
    [...events.params, ...(counts?.params ?? [])],
  );
  if (documents) await run(tx, `drop table ${documents}`);
}

/** What PostgreSQL weighs against starting parallel workers (set to nothing for one statement). */
const PARALLEL_COSTS = [
  'parallel_setup_cost',
  'parallel_tuple_cost',
  'min_parallel_table_scan_size',
  'min_parallel_index_scan_size',
];

/**
 * The search documents of a stretch's cards, by the position of their event, into a temporary table (the
 * name answered; publishCards drops it once read, so that the next stretch of the same transaction can make
 * it). PostgreSQL runs a statement that writes on one core, and the three to_tsvector calls a card were most
 * of a rebuild's time there; a table made from a query may be filled by parallel workers, told here that
 * starting them pays (a rebuild reads thousands of events at a time).
 */
async function searchDocumentsAhead(tx: Db, stretch: { sql: string; params: readonly unknown[] }): Promise<string> {
  const table = 'pg_temp.card_search_documents';
  for (const setting of PARALLEL_COSTS) await run(tx, `set local ${setting} = 0`);
  await run(
    tx,
    `create temp table card_search_documents as
       select e.position, ${SEARCH_DOCUMENT_FROM_PAYLOAD('e.payload')} as search from (${stretch.sql}) e`,
    [...stretch.params],
  );
  for (const setting of PARALLEL_COSTS) await run(tx, `set local ${setting} to default`);
  return table;
}

function updateCard(tx: Db, { productId, changes }: PayloadOf<'ProductUpdated'>) {
  const has = (k: string) => (k in changes ? 'true' : 'false');
  return run(
    tx,
    `update product_card set
       title = coalesce(c->>'title', title),
       creator_id = coalesce(c#>>'{creator,id}', creator_id),
       creator_name = coalesce(c#>>'{creator,name}', creator_name),
       description = coalesce(c->>'description', description),
       category = coalesce(c->>'category', category),
       topics = case when ${has('topics')} then array(select jsonb_array_elements_text(c->'topics')) else topics end,
       genres = case when ${has('genres')} then array(select jsonb_array_elements_text(c->'genres')) else genres end,
       price_in_cents = coalesce((c#>>'{priceInfo,priceInCents}')::int, price_in_cents),
       currency = coalesce(c#>>'{priceInfo,currency}', currency),
       crossed_price_in_cents = case when ${has('priceInfo')} then (c#>>'{priceInfo,crossedPriceInCents}')::int
                                     else crossed_price_in_cents end,
       rating = coalesce((c->>'rating')::real, rating),
       rating_count = coalesce((c->>'ratingCount')::int, rating_count),
       release_date = coalesce((c->>'releaseDate')::timestamptz, release_date),
       cover_url = coalesce(c#>>'{media,coverUrl}', cover_url),
       video_url = coalesce(c#>>'{media,videoUrl}', video_url),
       contents = coalesce(c#>'{media,contents}', contents),
       duration_seconds = coalesce((select sum((x->>'durationSeconds')::int) from jsonb_array_elements(c#>'{media,contents}') x),
                                   case when c#>'{media,contents}' is null then duration_seconds else 0 end)::int
     from (select ?::jsonb as c) s
     where id = ?`,
    [JSON.stringify(changes), productId],
  );
}

/** product_card (a product's card, with its search document) and search_word (the words search suggests from). */
export const productCards: ProjectionHandlers<'ProductPublished' | 'ProductUpdated'> = {
  ProductPublished: async ({ payload }, tx) => {
    await run(tx, INSERT_CARD_FROM(`select ${cardValuesFromPayload('p')} from (select ?::jsonb as p) s`), [
      JSON.stringify(payload),
    ]);
    return run(tx, INSERT_SEARCH_WORDS('where c.id = ?'), [payload.productId]);
  },
  ProductUpdated: async ({ payload }, tx) => {
    await updateCard(tx, payload);
    return run(tx, INSERT_SEARCH_WORDS('where c.id = ?'), [payload.productId]);
  },
};
