import { Module } from '@nestjs/common';
import { CreateCollectionHandler } from './commands/create-collection.command';
import { EnrolInClassHandler } from './commands/enrol-in-class.command';
import { GrantProductHandler } from './commands/grant-product.command';
import { JoinWaitlistHandler } from './commands/join-waitlist.command';
import { PublishProductHandler, UpdateProductHandler } from './commands/publish-product.command';
import { RecordProgressHandler } from './commands/record-progress.command';
import { CatalogueAdminController } from './http/catalogue-admin.controller';
import { CatalogueController } from './http/catalogue.controller';
import { LearnerController } from './http/learner.controller';
import { MediaController } from './http/media.controller';
import { CataloguePool } from './infra/catalogue-pool';
import { BrowseProjection } from './projections/browse.projection';
import { LearningProjection } from './projections/learning.projection';
import { CollectionQueries } from './queries/collection.queries';
import { LearnerQueries } from './queries/learner.queries';
import { ProductBrowseQueries } from './queries/product-browse.queries';
import { RecommendationQueries } from './queries/recommendation.queries';
import { HomePageDelivery } from './http/home-page';
import { HomeContentQueries } from './queries/home-content.queries';
import { DemoCatalogueSeeder } from './seed/demo-catalogue.seeder';

/**
 * Catalogue: products (classes), collections and schools, purchases and ownership, enrolments,
 * waitlists, watching progress, recommendations, home content and the media they show.
 */
@Module({
  controllers: [CatalogueController, LearnerController, CatalogueAdminController, MediaController],
  providers: [
    CataloguePool,
    BrowseProjection,
    LearningProjection,
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
    DemoCatalogueSeeder,
    HomeContentQueries,
    HomePageDelivery,
  ],
  exports: [ProductBrowseQueries, LearnerQueries],
})
export class CatalogueModule {}
