import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { PublicPages } from '../../../platform/http/public-pages';
import { CollectionQueries } from '../queries/collection.query';
import { ProductBrowseQueries } from '../queries/product-browse.query';
import { classHead, collectionHead } from './catalogue-page-heads';

/**
 * Class, collection and school pages, where search and shared links land: sent rendered, with their
 * head (tags for previews, schema.org data), from the same answers the pages' calls give
 * (getProductWithClassSlug, getProductCollectionWithSlug, getSchoolWithSlug); 404 for an unknown slug.
 */
@Injectable()
export class CataloguePagesDelivery {
  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'PUBLIC_URL'>,
    pages: PublicPages,
    products: ProductBrowseQueries,
    collections: CollectionQueries,
  ) {
    const publicUrl = config.PUBLIC_URL;
    pages.registerPage('/classes/:storefrontSlug/:classSlug', async ({ storefrontSlug, classSlug }) => {
      const product = await products.bySlugs(storefrontSlug, classSlug);
      return product && { answers: { getProductWithClassSlug: { product } }, head: classHead(product, publicUrl) };
    });
    pages.registerPage('/collections/:slug', async ({ slug }) => {
      const collection = await collections.bySlug(slug);
      return (
        collection && { answers: { getProductCollectionWithSlug: { collection } }, head: collectionHead(collection, publicUrl) }
      );
    });
    const school = async (slug: string) => {
      const found = await collections.bySlug(slug);
      if (!found || found.programType !== 'school') return null;
      return { answers: { getSchoolWithSlug: { school: found } }, head: collectionHead(found, publicUrl) };
    };
    pages.registerPage('/school/music', () => school('music'));
    pages.registerPage('/schools/:slug', ({ slug }) => school(slug));
  }
}
