import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import type { catalogue } from '@sparkhouse/contracts';
import { listableCollections } from '../domain/collections';
import { rows } from '../../../platform/database/sql';
import { ProductBrowseQueries } from './product-browse.query';

interface CollectionRow {
  slug: string;
  title: string;
  description: string;
  program_type: catalogue.ProgramType;
  cover_url: string;
  product_ids: string[];
  first_cover: string | null;
}

/** Reads of collections and schools. */
@Injectable()
export class CollectionQueries {
  constructor(
    private readonly orm: Database,
    private readonly products: ProductBrowseQueries,
  ) {}

  /** Every collection but the schools, by title. */
  async all(): Promise<catalogue.ProductCollectionSummary[]> {
    return listableCollections((await this.select()).map(toSummary));
  }

  async bySlug(slug: string): Promise<catalogue.ProductCollection | null> {
    const [row] = await this.select(slug);
    if (!row) return null;
    const summary = toSummary(row);
    return { ...summary, products: await this.products.cards(summary.productIds) };
  }

  private select(slug?: string) {
    return rows<CollectionRow>(
      this.orm.em.fork(),
      `select c.slug, c.title, c.description, c.program_type, c.cover_url, c.product_ids,
              (select p.cover_url from product_card p where p.id = c.product_ids[1]) as first_cover
         from product_collection c ${slug ? 'where c.slug = ?' : ''} order by c.title, c.slug`,
      slug ? [slug] : [],
    );
  }
}

function toSummary(r: CollectionRow): catalogue.ProductCollectionSummary {
  return {
    slug: r.slug,
    title: r.title,
    description: r.description,
    programType: r.program_type,
    coverUrl: r.cover_url || r.first_cover || '',
    productIds: r.product_ids,
    productCount: r.product_ids.length,
  };
}
