import { Controller } from '@nestjs/common';
import { catalogue } from '@sparkhouse/contracts';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { notFound } from '../../../platform/http/errors';
import { CollectionQueries } from '../queries/collection.query';
import { HomeContentQueries } from '../queries/home-content.query';
import { ProductBrowseQueries } from '../queries/product-browse.query';

/** The public catalogue calls of spec 7: browse, collections, schools, products, home content. */
@Controller()
export class CatalogueController {
  constructor(
    private readonly products: ProductBrowseQueries,
    private readonly collections: CollectionQueries,
    private readonly homeContent: HomeContentQueries,
  ) {}

  @Endpoint(catalogue.getAllProductCollections)
  async allCollections() {
    return { collections: await this.collections.all() };
  }

  @Endpoint(catalogue.getProductCollectionWithSlug)
  async collection(@Input() { query }: CallInput<typeof catalogue.getProductCollectionWithSlug>) {
    const collection = await this.collections.bySlug(query.slug);
    if (!collection) throw notFound('No such collection.');
    return { collection };
  }

  @Endpoint(catalogue.getSchoolWithSlug)
  async school(@Input() { query }: CallInput<typeof catalogue.getSchoolWithSlug>) {
    const school = await this.collections.bySlug(query.slug);
    if (!school || school.programType !== 'school') throw notFound('No such school.');
    return { school };
  }

  @Endpoint(catalogue.getProduct)
  async product(@Input() { query }: CallInput<typeof catalogue.getProduct>) {
    const product = await this.products.byId(query.id);
    if (!product) throw notFound('No such product.');
    return { product };
  }

  @Endpoint(catalogue.getProductWithClassSlug)
  async productBySlugs(@Input() { query }: CallInput<typeof catalogue.getProductWithClassSlug>) {
    const product = await this.products.bySlugs(query.storefront_slug, query.class_slug);
    if (!product) throw notFound('No such class.');
    return { product };
  }

  @Endpoint(catalogue.getProducts)
  list(@Input() { query }: CallInput<typeof catalogue.getProducts>) {
    return this.products.list({ ...query, order: query.sort });
  }

  @Endpoint(catalogue.getMostPopularProducts)
  popular(@Input() { query }: CallInput<typeof catalogue.getMostPopularProducts>) {
    return this.products.row('popular', query);
  }

  @Endpoint(catalogue.getNewReleasesProducts)
  newReleases(@Input() { query }: CallInput<typeof catalogue.getNewReleasesProducts>) {
    return this.products.row('newest', query);
  }

  @Endpoint(catalogue.getHomeContent)
  home() {
    return this.homeContent.homeContent();
  }
}
