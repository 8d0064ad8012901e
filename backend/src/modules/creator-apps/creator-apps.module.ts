import { Module } from '@nestjs/common';
import {
  ChangeAppThemeHandler,
  CreateAppHandler,
  PublishAppHandler,
  RecordAppOpenedHandler,
  SetAppIsIdeaHandler,
  UpdateAppDetailsHandler,
} from './commands/app.commands';
import { RequestAppBuildHandler, RequestBrainstormHandler, RequestLandingPageEditHandler } from './commands/ai-request.commands';
import { SaveBlueprintExampleHandler, UpdateBlueprintExampleHandler } from './commands/blueprint-example.commands';
import { RestoreDocumentVersionHandler, SaveDocumentVersionHandler } from './commands/document-version.commands';
import {
  RejectBuildResultHandler,
  ReleaseBuildSlotHandler,
  StoreBrainstormIdeasHandler,
  StoreBuildResultHandler,
  StoreLandingPageEditHandler,
  StoreGeneratedAppImageHandler,
  StoreGeneratedMediaHandler,
  StoreLandingImagesHandler,
} from './commands/job-result.commands';
import { AppBuilderController } from './http/app-builder.controller';
import { AppMediaController } from './http/app-media.controller';
import {
  DeleteAppMediaHandler,
  RecordUploadReadingHandler,
  RequestUploadReadingHandler,
  SaveAppMediaHandler,
  UpdateAppMediaHandler,
} from './commands/app-media.commands';
import { AppMediaProjection } from './projections/app-media.projection';
import { AppMediaQueries } from './queries/app-media.queries';
import { MediaFilesReactor } from './reactors/media-files.reactor';
import { MediaReadingsReactor } from './reactors/media-readings.reactor';
import { AppsController } from './http/apps.controller';
import { AppVisitorsController } from './http/app-visitors.controller';
import { AiAssetsController } from './http/ai-assets.controller';
import { SimulatorItemsController } from './http/simulator-items.controller';
import { RecordSimulatedPlanHandler } from './commands/simulator-item.commands';
import { SimulatorItemsProjection } from './projections/simulator-items.projection';
import { SimulatorItemsQueries } from './queries/simulator-items.queries';
import { SimulatorItemsReactor } from './reactors/simulator-items.reactor';
import { CreateTestFlowHandler, DeleteTestFlowHandler, UpdateTestFlowHandler } from './commands/test-flow.commands';
import { AppVisitorsProjection } from './projections/app-visitors.projection';
import { AppVisitorsQueries } from './queries/app-visitors.queries';
import {
  CompleteOnboardingHandler,
  RequestPersonalizedPlanHandler,
  SaveOnboardingUserStateHandler,
} from './commands/visitor.commands';
import { CreatorPlansProjection } from './projections/creator-plans.projection';
import { CreatorStudioProjection } from './projections/creator-studio.projection';
import { BrainstormQueries } from './queries/brainstorm.queries';
import { CreatorAppsQueries } from './queries/creator-apps.queries';
import { PublishingQueries } from './queries/publishing.queries';
import { UnpublishedChangesQueries } from './queries/unpublished-changes.queries';
import { CreatorJobResultsReactor } from './reactors/job-results.reactor';

/**
 * Creator apps: apps built from a prompt (blueprint, onboarding flow, landing page, image) by
 * background jobs, brainstorms, versioned documents with restore, blueprint examples, publishing and
 * the creator dashboard; publishing needs a creator-platform plan (creator-apps.creator-plans projection). Commands append events on the app's stream (`app-<appId>`); the
 * creator-apps.studio projection builds the read models the queries read; the job-results reactor
 * stores what the workers computed. The app's visitors (onboarding state, personalized plans) have
 * their streams (`app-visitor-<appId>-<visitorId>`) and the creator-apps.visitors projection. What
 * the builder's simulator captured and produced (simulator items) is recorded on `simulator-run-<runId>`
 * streams and read from the creator-apps.simulator projection. The media library: uploads streamed to
 * storage, one stream per file (`media-<mediaId>`), the creator-apps.media projection, and the
 * media-files reactor deleting removed files.
 */
@Module({
  controllers: [
    AppsController,
    AppBuilderController,
    AppVisitorsController,
    AiAssetsController,
    SimulatorItemsController,
    AppMediaController,
  ],
  providers: [
    CreatorStudioProjection,
    CreatorPlansProjection,
    AppVisitorsProjection,
    AppMediaProjection,
    AppMediaQueries,
    SaveAppMediaHandler,
    UpdateAppMediaHandler,
    DeleteAppMediaHandler,
    RequestUploadReadingHandler,
    RecordUploadReadingHandler,
    MediaFilesReactor,
    MediaReadingsReactor,
    AppVisitorsQueries,
    SaveOnboardingUserStateHandler,
    CompleteOnboardingHandler,
    RequestPersonalizedPlanHandler,
    CreateTestFlowHandler,
    UpdateTestFlowHandler,
    DeleteTestFlowHandler,
    SimulatorItemsProjection,
    SimulatorItemsQueries,
    SimulatorItemsReactor,
    RecordSimulatedPlanHandler,
    CreatorJobResultsReactor,
    CreatorAppsQueries,
    BrainstormQueries,
    UnpublishedChangesQueries,
    PublishingQueries,
    CreateAppHandler,
    UpdateAppDetailsHandler,
    SetAppIsIdeaHandler,
    ChangeAppThemeHandler,
    RecordAppOpenedHandler,
    PublishAppHandler,
    SaveDocumentVersionHandler,
    RestoreDocumentVersionHandler,
    SaveBlueprintExampleHandler,
    UpdateBlueprintExampleHandler,
    RequestAppBuildHandler,
    RequestBrainstormHandler,
    RequestLandingPageEditHandler,
    StoreBuildResultHandler,
    StoreLandingPageEditHandler,
    StoreGeneratedAppImageHandler,
    StoreGeneratedMediaHandler,
    StoreLandingImagesHandler,
    StoreBrainstormIdeasHandler,
    ReleaseBuildSlotHandler,
    RejectBuildResultHandler,
  ],
  exports: [CreatorAppsQueries],
})
export class CreatorAppsModule {}
