/** The catalogue module's public surface: the module, its commands and queries others use. */
export { CatalogueModule } from './catalogue.module';
export { ProductBrowseQueries } from './queries/product-browse.query';
export { LearnerQueries } from './queries/learner.query';
export { PublishProduct } from './commands/publish-product.command';
export { GrantProduct } from './commands/grant-product.command';
export { CreateCollection } from './commands/create-collection.command';
