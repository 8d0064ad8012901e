import { Module } from '@nestjs/common';
import { CreateCollectionHandler } from './commands/create-collection.command';
import { EnrolInClassHandler } from './commands/enrol-in-class.command';
import { GrantProductHandler } from './commands/grant-product.command';
import { JoinWaitlistHandler } from './commands/join-waitlist.command';
import { PublishProductHandler } from './commands/publish-product.command';
import { UpdateProductHandler } from './commands/update-product.command';
import { RecordProgressHandler } from './commands/record-progress.command';
import { CatalogueAdminController } from './http/catalogue-admin.controller';
import { CatalogueController } from './http/catalogue.controller';
import { LearnerController } from './http/learner.controller';
import { MediaController } from './http/media.controller';
import { CataloguePool } from './infra/catalogue-pool';
import { browseProjection } from './projections/browse.projection';
import { learningProjection } from './projections/learning.projection';
import { subscriberProviders } from '../../platform/events/define-projection';
import { CollectionQueries } from './queries/collection.query';
import { LearnerQueries } from './queries/learner.query';
import { ProductBrowseQueries } from './queries/product-browse.query';
import { RecommendationQueries } from './queries/recommendation.query';
import { HomePageDelivery } from './http/home-page';
import { CataloguePagesDelivery } from './http/catalogue-pages';
import { HomeContentQueries } from './queries/home-content.query';

/**
 * Catalogue: products (classes), collections and schools, purchases and ownership, enrolments,
 * waitlists, watching progress, recommendations, home content and the media they show.
 */
@Module({
  controllers: [CatalogueController, LearnerController, CatalogueAdminController, MediaController],
  providers: [
    CataloguePool,
    ...subscriberProviders(browseProjection, learningProjection),
    ProductBrowseQueries,
    CollectionQueries,
    LearnerQueries,
    RecommendationQueries,
    PublishProductHandler,
    UpdateProductHandler,
    CreateCollectionHandler,
    EnrolInClassHandler,
    GrantProductHandler,
    JoinWaitlistHandler,
    RecordProgressHandler,
    HomeContentQueries,
    HomePageDelivery,
    CataloguePagesDelivery,
  ],
  exports: [ProductBrowseQueries, LearnerQueries],
})
export class CatalogueModule {}
