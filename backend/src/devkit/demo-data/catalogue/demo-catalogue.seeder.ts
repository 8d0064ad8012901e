import path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { SeedsDemoData, type Seeder } from '../../../platform/database/seeders';
import { CreateCollection, GrantProduct, PublishProduct } from '../../../modules/catalogue';
import { seededRandom } from '../seeded-random';
import { DEMO_COVER_COUNT, demoCollections, demoProducts, type DemoProduct } from './demo-catalogue-generator';
import { renderCovers, type CoverJob } from './demo-covers';

/** Demo buyers: their purchases make products popular and give the recommender co-purchases. */
const DEMO_BUYERS = 60;

/**
 * The demo catalogue `npm start` puts in a new database, through the catalogue's own commands so the
 * events exist: CATALOGUE_DEMO_PRODUCTS classes (300 by default), collections, the music, dance and
 * cooking schools, purchases by demo buyers, and the covers rendered under MEDIA_DIR/covers.
 */
@SeedsDemoData()
@Injectable()
export class DemoCatalogueSeeder implements Seeder {
  readonly name = 'catalogue.demo';
  private readonly logger = new Logger('DemoCatalogue');

  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async seed(): Promise<void> {
    const started = Date.now();
    const products = [...demoProducts(this.config.CATALOGUE_DEMO_PRODUCTS)];
    await renderCovers(path.join(this.config.MEDIA_DIR, 'covers'), coverJobs(products));
    for (const p of products) {
      const { productId, ...facts } = p;
      await this.commands.execute(new PublishProduct(facts, productId));
    }
    for (const c of demoCollections(products)) {
      const { programType, ...facts } = c;
      await this.commands.execute(new CreateCollection({ ...facts, coverUrl: '' }, programType));
    }
    await this.grantDemoPurchases(products);
    this.logger.log(`demo catalogue: ${products.length} products in ${Date.now() - started} ms`);
  }

  /** Each demo buyer owns a few products of one or two favourite categories. */
  private async grantDemoPurchases(products: readonly DemoProduct[]) {
    const r = seededRandom(7);
    const byCategory = new Map<string, DemoProduct[]>();
    for (const p of products) byCategory.set(p.category, [...(byCategory.get(p.category) ?? []), p]);
    const categories = [...byCategory.keys()];
    for (let b = 1; b <= DEMO_BUYERS; b++) {
      const favourites = r.some(categories, r.int(1, 2)).flatMap((c) => byCategory.get(c) ?? []);
      for (const p of r.some(favourites, r.int(2, 6))) {
        await this.commands.execute(new GrantProduct(`demo-buyer-${b}`, p.productId));
      }
    }
  }
}

/** One cover per product index (up to DEMO_COVER_COUNT), plus the home hero backgrounds. */
export function coverJobs(products: readonly DemoProduct[]): CoverJob[] {
  const jobs: CoverJob[] = products.slice(0, DEMO_COVER_COUNT).map((p, i) => ({
    name: `cover-${String(i).padStart(4, '0')}`,
    seed: 1000 + i,
    category: p.category,
  }));
  jobs.push(
    { name: 'hero-desktop', seed: 1, category: 'music', width: 1600, height: 600 },
    { name: 'hero-mobile', seed: 2, category: 'dance', width: 750, height: 1000 },
  );
  return jobs;
}
