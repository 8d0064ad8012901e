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
} from './commands/job-result.commands';
import { AppBuilderController } from './http/app-builder.controller';
import { AppsController } from './http/apps.controller';
import { CreatorStudioProjection } from './projections/creator-studio.projection';
import { BrainstormQueries } from './queries/brainstorm.queries';
import { CreatorAppsQueries } from './queries/creator-apps.queries';
import { UnpublishedChangesQueries } from './queries/unpublished-changes.queries';
import { CreatorJobResultsReactor } from './reactors/job-results.reactor';

/**
 * Creator apps: apps built from a prompt (blueprint, onboarding flow, landing page, image) by
 * background jobs, brainstorms, versioned documents with restore, blueprint examples, publishing and
 * the creator dashboard. Commands append events on the app's stream (`app-<appId>`); the
 * creator-apps.studio projection builds the read models the queries read; the job-results reactor
 * stores what the workers computed.
 */
@Module({
  controllers: [AppsController, AppBuilderController],
  providers: [
    CreatorStudioProjection,
    CreatorJobResultsReactor,
    CreatorAppsQueries,
    BrainstormQueries,
    UnpublishedChangesQueries,
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
    StoreBrainstormIdeasHandler,
    ReleaseBuildSlotHandler,
    RejectBuildResultHandler,
  ],
  exports: [CreatorAppsQueries],
})
export class CreatorAppsModule {}
