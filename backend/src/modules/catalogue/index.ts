/** The catalogue module's public surface: the module, its commands and queries others use. */
export { CatalogueModule } from './catalogue.module';
export { ProductBrowseQueries } from './queries/product-browse.query';
export { LearnerQueries } from './queries/learner.query';
export { PublishProduct } from './commands/publish-product.command';
export { GrantProduct } from './commands/grant-product.command';
export { CreateCollection } from './commands/create-collection.command';
/** For the devkit's demo catalogue: its covers, videos and seeded choices, as the catalogue draws them. */
export { COVER_WIDTHS, renderCovers, type CoverJob } from './infra/cover-renderer';
export { coverUrl, DEMO_VIDEO_FILE, DEMO_VIDEO_SECONDS, DEMO_VIDEO_URL } from './domain/media-paths';
export { seededRandom, type Random } from './domain/seeded-random';
/** For the devkit's bulk loader (benchmarks): the browse read model's own SQL, so a load equals a replay. */
export { cardValuesFromPayload, INSERT_CARD_FROM, INSERT_SEARCH_WORDS } from './infra/product-card.sql';
