import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { cardValuesFromPayload, INSERT_CARD_FROM, INSERT_SEARCH_WORDS } from '../infra/product-card.sql';
import { demoProducts } from './demo-catalogue-generator';
import { seededRandom } from '../domain/seeded-random';

const CHUNK = 2500;
/** Same key as the event store's append lock: positions stay in commit order. */
const BROWSE_PROJECTION = 'catalogue.browse';
/** Not the seeder's seed: a bulk load never collides with the demo catalogue's ids. */
const BULK_SEED = 2026;

export interface BulkLoadResult {
  products: number;
  purchases: number;
  durationMs: number;
}

/**
 * Loads a big demo catalogue fast (benchmarks: 100,000 products): ProductPublished and
 * PurchaseCompleted events are bulk-inserted into the event log, and the browse read model is built
 * from those very events with the projection's own SQL in the same transaction, its checkpoint moved
 * past them. The log stays the source of truth: a replay rebuilds the same rows. Covers are the
 * rendered demo covers, reused in turn. Meant for a database whose API is not serving yet.
 */
export async function loadBulkCatalogue(
  databaseUrl: string,
  opts: { products: number; purchases?: number; seed?: number; log?: (msg: string) => void },
): Promise<BulkLoadResult> {
  const started = Date.now();
  const db = new Client({ connectionString: databaseUrl, application_name: 'sparkhouse-bulk-catalogue' });
  await db.connect();
  try {
    await db.query('begin');
    // the end of the log before this load, in delivery order (transaction id, position)
    const head = (
      await db.query<{ tx: string; p: string }>(
        `select transaction_id::text as tx, position::text as p from domain_event order by transaction_id desc, position desc limit 1`,
      )
    ).rows[0] ?? { tx: '0', p: '0' };
    const before = (await db.query<{ p: string }>('select coalesce(max(position), 0)::text as p from domain_event')).rows[0].p;
    const metadata = { actor: 'system', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
    const ids: string[] = [];
    let batch: unknown[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await db.query(
        `insert into domain_event (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
         select gen_random_uuid(), r.stream_id, 1, r.type, 1, r.payload, $2::jsonb
           from jsonb_to_recordset($1::jsonb) as r(stream_id text, type text, payload jsonb)`,
        [JSON.stringify(batch), JSON.stringify(metadata)],
      );
      batch = [];
    };
    for (const p of demoProducts(opts.products, opts.seed ?? BULK_SEED)) {
      ids.push(p.productId);
      batch.push({ stream_id: `product-${p.productId}`, type: 'ProductPublished', payload: p });
      if (batch.length >= CHUNK) await flush();
    }
    await flush();
    opts.log?.(`${ids.length} ProductPublished events in ${Date.now() - started} ms`);
    const r = seededRandom((opts.seed ?? BULK_SEED) + 99);
    const purchases = opts.purchases ?? Math.floor(opts.products / 2);
    for (let i = 0; i < purchases; i++) {
      // a skewed pick: a few products sell a lot, most sell little
      const productId = ids[Math.floor(ids.length * r.next() ** 3)];
      const userId = `bench-buyer-${r.int(1, Math.max(10, purchases / 4))}`;
      const purchaseId = randomUUID();
      batch.push({
        stream_id: `purchase-${userId}-${productId}-${i}`,
        type: 'PurchaseCompleted',
        payload: { purchaseId, userId, productId, priceInCents: 0, currency: 'USD', source: 'bench' },
      });
      if (batch.length >= CHUNK * 4) await flush();
    }
    await flush();
    const after = (await db.query<{ p: string }>('select coalesce(max(position), 0)::text as p from domain_event')).rows[0].p;
    // the streams' heads, as the event store keeps them
    await db.query(
      `insert into event_stream (stream_id, version)
       select stream_id, max(stream_version) from domain_event where transaction_id = pg_current_xact_id() group by stream_id
       on conflict (stream_id) do update set version = greatest(event_stream.version, excluded.version)`,
    );
    // the read model, from the events just written, with the projection's SQL
    await db.query(
      INSERT_CARD_FROM(
        `select ${cardValuesFromPayload('e.payload')} from domain_event e
          where e.position > $1::bigint and e.type = 'ProductPublished' order by e.position`,
      ),
      [before],
    );
    await db.query(INSERT_SEARCH_WORDS(''));
    await db.query(
      `insert into catalogue_slug_claim (kind, slug, owner_id)
       select 'product', (payload->>'storefrontSlug') || '/' || (payload->>'classSlug'), payload->>'productId'
         from domain_event where position > $1::bigint and type = 'ProductPublished' on conflict do nothing`,
      [before],
    );
    await db.query(
      `insert into catalogue_purchase (purchase_id, user_id, product_id, price_in_cents, currency, source, purchased_at)
       select payload->>'purchaseId', payload->>'userId', payload->>'productId', (payload->>'priceInCents')::int,
              payload->>'currency', payload->>'source', (metadata->>'occurredAt')::timestamptz
         from domain_event where position > $1::bigint and type = 'PurchaseCompleted' on conflict do nothing`,
      [before],
    );
    await db.query(
      `update product_card c set purchase_count = n.n
         from (select product_id, count(*)::int as n from catalogue_purchase where refunded_at is null group by product_id) n
        where n.product_id = c.id`,
    );
    // the projection has seen everything up to this load's last event only if it had seen the whole log
    // before it (no transaction can be delivered past this one while it is open)
    await db.query(
      `insert into event_checkpoint (subscriber, kind, version, transaction_id, position)
       select $1, 'projection', 1, pg_current_xact_id(), $3::bigint where $2::bigint = 0 on conflict do nothing`,
      [BROWSE_PROJECTION, before, after],
    );
    await db.query(
      `update event_checkpoint set transaction_id = pg_current_xact_id(), position = $4::bigint, updated_at = now()
        where subscriber = $1 and (transaction_id, position) >= ($2::xid8, $3::bigint)`,
      [BROWSE_PROJECTION, head.tx, head.p, after],
    );
    await db.query('commit');
    // the purchase counts above left a dead version of every bought card (and in every index, and in
    // the search index's pending list): clean up now, as autovacuum would a while after a bulk load
    await db.query('vacuum (analyze) product_card');
    return { products: ids.length, purchases, durationMs: Date.now() - started };
  } catch (err) {
    await db.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await db.end();
  }
}
