import { Client } from 'pg';
import { loadBulkCatalogue } from '../../../modules/catalogue/infra/bulk-catalogue-loader';
import { useTestOrm } from '../../../test-support';
import { bulkDemoCatalogue } from './bulk-demo-catalogue';

describe('the benchmarks bulk load: the devkit demo catalogue through the catalogue loader', () => {
  const db = useTestOrm();

  it('writes the events and the browse read model from them, purchases counted, checkpoint past them', async () => {
    const messages: string[] = [];
    const loaded = await loadBulkCatalogue(db.url, bulkDemoCatalogue({ products: 300 }), (m) => messages.push(m));
    expect(loaded).toMatchObject({ products: 300, purchases: 150 });
    expect(messages.join('\n')).toContain('300 ProductPublished events');
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    try {
      const one = async (sql: string) => (await pg.query(sql)).rows[0];
      expect(await one(`select count(*)::int as n from domain_event where type = 'ProductPublished'`)).toEqual({ n: 300 });
      expect(await one(`select count(*)::int as n from domain_event where type = 'PurchaseCompleted'`)).toEqual({ n: 150 });
      expect(await one('select count(*)::int as n from product_card')).toEqual({ n: 300 });
      expect(await one('select sum(purchase_count)::int as n from product_card')).toEqual({ n: 150 });
      // skewed: the best seller sold several times while most sold nothing
      const top = await one(
        'select max(purchase_count)::int as most, count(*) filter (where purchase_count = 0)::int as none from product_card',
      );
      expect(top.most).toBeGreaterThan(3);
      expect(top.none).toBeGreaterThan(150);
      const last = await one('select max(position)::text as p from domain_event');
      expect(await one(`select position::text as p from event_checkpoint where subscriber = 'catalogue.browse'`)).toEqual(last);
    } finally {
      await pg.end();
    }
  }, 120_000);

  it('gives the same products for the same options', () => {
    const ids = (n: number) => [...bulkDemoCatalogue({ products: n }).products].map((p) => p.productId);
    expect(ids(20)).toEqual(ids(20));
    const purchases = [...bulkDemoCatalogue({ products: 20 }).purchases(ids(20))];
    expect(purchases).toEqual([...bulkDemoCatalogue({ products: 20 }).purchases(ids(20))]);
    expect(purchases).toHaveLength(10);
  });
});
