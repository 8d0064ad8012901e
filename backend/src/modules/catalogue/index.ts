/** The catalogue module's public surface. */
export { CatalogueModule } from './catalogue.module';
export { ProductBrowseQueries } from './queries/product-browse.queries';
export { LearnerQueries } from './queries/learner.queries';
export { BrowseProjection } from './projections/browse.projection';
export { LearningProjection } from './projections/learning.projection';
export { PublishProduct } from './commands/publish-product.command';
export { GrantProduct } from './commands/grant-product.command';
export { loadBulkCatalogue } from './seed/bulk-catalogue-loader';
// the bench's bare baseline runs the very same browse SQL and mapping
export { productListRows } from './infra/product-search';
export { toCard } from './infra/product-card.sql';
