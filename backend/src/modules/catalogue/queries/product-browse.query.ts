import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import type { catalogue } from '@sparkhouse/contracts';
import { CataloguePool } from '../infra/catalogue-pool';
import { CARD_COLUMNS, toCard, toProduct, type CardRow } from '../infra/product-card.sql';
import { type ListOrder, type ProductListFilter } from '../infra/product-list.query';
import { productListPage } from '../infra/product-search';
import { rows } from '../../../platform/database/sql';
import { cardOf, loadProducts, productView } from '../infra/product-facts';
import { filterKey } from '../infra/list-cache-key';
import { SingleFlightCache } from '../../../platform/cache/single-flight-cache';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { SerialisedJson } from '../../../platform/http/serialised-json';
import { requestContext } from '../../../platform/context/request-context';

/** At most this many products in a home-page row, and no next page. */
export const HOMEPAGE_ROW_SIZE = 8;

/** Reads of the browse read model (product_card). */
@Injectable()
export class ProductBrowseQueries {
  /**
   * Listing pages, kept for CATALOGUE_LIST_CACHE_MS per process (0 turns it off), serialised once per
   * fill: every request that reuses a page sends the same JSON text and ETag. A page is the same for
   * every caller until its TTL runs out (sharedUntil), so the HTTP layer may answer its URL again
   * without routing (platform/http/shared-answers), and past that stale (staleUntil) for exactly as
   * long as this cache serves it stale itself: a page's data is never more than 2 × the TTL old.
   */
  readonly listCache: SingleFlightCache<string, SerialisedJson<catalogue.ProductPage>>;
  /** How long past its freshness the listing cache serves a page stale (and SharedAnswers with it). */
  private readonly staleForMs: number;

  constructor(
    private readonly orm: Database,
    private readonly pool: CataloguePool,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // the read model lags the log anyway: a popular page may be served a little stale while it refreshes
    const ttlMs = config.CATALOGUE_LIST_CACHE_MS;
    // TTLs 0-20 % shorter, so pages filled together do not refresh together every time; one background
    // refresh at a time, so expiring pages never take every core from the API (their stale copies are
    // served meanwhile)
    this.staleForMs = ttlMs;
    this.listCache = new SingleFlightCache({
      ttlMs,
      serveStaleForMs: this.staleForMs,
      ttlJitter: 0.2,
      maxBackgroundRefreshes: 1,
      maxEntries: 5000,
      // a refreshed page is handed to whoever still answers the stale one (SharedAnswers), so it goes out
      // from then on without a request having to be routed to fetch it
      renewed: (previous, next) => previous.renewedBy(next),
    });
  }

  list(f: ProductListFilter): Promise<SerialisedJson<catalogue.ProductPage>> {
    // a caller who has just written reads past the cache (its pages may predate the write), unshared
    if (requestContext.current()?.ownWrite) return this.page(f);
    return this.listCache.get(filterKey(f as unknown as Record<string, unknown>), (freshUntil) =>
      this.page(f, freshUntil, freshUntil + this.staleForMs),
    );
  }

  /** The home-page rows and their "see all" pages: one order, no filters. */
  row(order: ListOrder, q: { isForHomepage?: boolean; limit: number; lastProductId?: string }) {
    if (q.isForHomepage) {
      const f: ProductListFilter = { order, limit: Math.min(q.limit, HOMEPAGE_ROW_SIZE) };
      const asRow = (full: SerialisedJson<catalogue.ProductPage>, freshUntil?: number) =>
        new SerialisedJson(
          { ...full.value, lastProductId: null },
          freshUntil === undefined ? undefined : Math.min(freshUntil, full.sharedUntil ?? freshUntil),
          freshUntil === undefined
            ? undefined
            : Math.min(freshUntil + this.staleForMs, full.staleUntil ?? freshUntil + this.staleForMs),
        );
      if (requestContext.current()?.ownWrite) return this.list(f).then((full) => asRow(full));
      return this.listCache.get(filterKey({ ...f, homepageRow: true }), async (freshUntil) =>
        asRow(await this.list(f), freshUntil),
      );
    }
    return this.list({ order, limit: q.limit, lastProductId: q.lastProductId });
  }

  /** One listing page read from the read model; shared by every caller until `sharedUntil` when given. */
  private async page(f: ProductListFilter, sharedUntil?: number, staleUntil?: number) {
    const { rows: found, searchedFor } = await productListPage((q) => this.pool.query(q), f);
    const page = found.slice(0, f.limit);
    return new SerialisedJson<catalogue.ProductPage>(
      {
        products: page.map(toCard),
        lastProductId: found.length > f.limit ? page[page.length - 1].id : null,
        // the search as typed matched nothing: say what was searched for instead ("photgraphy" -> "photography")
        ...(searchedFor && searchedFor !== f.search?.trim().toLowerCase() ? { searchedFor } : {}),
      },
      sharedUntil,
      staleUntil,
    );
  }

  async byId(id: string): Promise<catalogue.Product | null> {
    const [row] = await rows<CardRow>(this.orm.em.fork(), `select ${CARD_COLUMNS}, contents from product_card where id = ?`, [
      id,
    ]);
    return row ? toProduct(row) : null;
  }

  async bySlugs(storefrontSlug: string, classSlug: string): Promise<catalogue.Product | null> {
    const [row] = await rows<CardRow>(
      this.orm.em.fork(),
      `select ${CARD_COLUMNS}, contents from product_card where storefront_slug = ? and class_slug = ?`,
      [storefrontSlug, classSlug],
    );
    return row ? toProduct(row) : null;
  }

  /**
   * Cards of the given ids as the products' own streams tell them (the write side), in the order given;
   * unknown ids are left out. For deciding money: a price changed a moment ago is the price charged,
   * however far the browse read model trails.
   */
  async cardsFromLog(ids: readonly string[]): Promise<catalogue.ProductCard[]> {
    return (await loadProducts(this.orm.em.fork(), ids)).map((s) => cardOf(productView(s)));
  }

  /** A storefront's classes (a creator's storefront page lists them), newest first. */
  async byStorefront(storefrontSlug: string, limit = 24): Promise<catalogue.ProductCard[]> {
    const found = await rows<CardRow>(
      this.orm.em.fork(),
      `select ${CARD_COLUMNS} from product_card where storefront_slug = ? order by release_date desc, id limit ?`,
      [storefrontSlug, limit],
    );
    return found.map(toCard);
  }

  /** Cards of the given ids, in the order given; unknown ids are left out. */
  async cards(ids: readonly string[]): Promise<catalogue.ProductCard[]> {
    if (ids.length === 0) return [];
    const found = await rows<CardRow>(
      this.orm.em.fork(),
      `select ${CARD_COLUMNS} from product_card where id in (select jsonb_array_elements_text(?::jsonb))`,
      [JSON.stringify(ids)],
    );
    const byId = new Map(found.map((r) => [r.id, toCard(r)]));
    return ids.map((id) => byId.get(id)).filter((c): c is catalogue.ProductCard => c !== undefined);
  }

  async categories(): Promise<catalogue.BrowseCategory[]> {
    const found = await rows<{ category: string; n: number }>(
      this.orm.em.fork(),
      'select category, count(*)::int as n from product_card group by category order by count(*) desc, category',
    );
    return found.map((r) => ({ slug: r.category, title: titleCase(r.category), productCount: r.n }));
  }
}

const titleCase = (slug: string) =>
  slug.replace(/(^|-)(\w)/g, (_m, dash: string, c: string) => (dash ? ' ' : '') + c.toUpperCase());
