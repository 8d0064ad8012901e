import { seededRandom } from '../seeded-random';
import { demoProducts, type DemoProduct } from './demo-catalogue-generator';

/** Not the seeder's seed: a bulk load never collides with the demo catalogue's ids. */
const BULK_SEED = 2026;

/**
 * A big demo catalogue for the benchmarks' bulk load (the catalogue's loadBulkCatalogue): `products`
 * demo classes (their covers the rendered demo covers, reused in turn), then `purchases` (half as many
 * by default) by bench buyers, skewed so a few products sell a lot and most sell little. The same
 * options give the same catalogue.
 */
export function bulkDemoCatalogue(opts: { products: number; purchases?: number; seed?: number }): {
  products: Iterable<DemoProduct>;
  purchases: (productIds: readonly string[]) => Iterable<{ userId: string; productId: string }>;
} {
  const seed = opts.seed ?? BULK_SEED;
  const count = opts.purchases ?? Math.floor(opts.products / 2);
  return {
    products: demoProducts(opts.products, seed),
    *purchases(ids) {
      const r = seededRandom(seed + 99);
      for (let i = 0; i < count; i++) {
        const productId = ids[Math.floor(ids.length * r.next() ** 3)];
        yield { productId, userId: `bench-buyer-${r.int(1, Math.max(10, count / 4))}` };
      }
    },
  };
}
