import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue';
import { StorefrontsController } from './http/storefronts.controller';
import { CreatorPublicPages } from './http/public-pages';
import { PublicPagesQueries } from './queries/public-pages.query';
import { StoreShareImageHandler } from './commands/store-share-image.command';
import { ShareImagesReactor } from './reactors/share-images.reactor';
import { ChangeAppThemeHandler } from './commands/change-app-theme.command';
import { CreateAppHandler } from './commands/create-app.command';
import { PublishAppHandler } from './commands/publish-app.command';
import { RecordAppOpenedHandler } from './commands/record-app-opened.command';
import { SetAppIsIdeaHandler } from './commands/set-app-is-idea.command';
import { UpdateAppDetailsHandler } from './commands/update-app-details.command';
import { RequestAppBuildHandler } from './commands/request-app-build.command';
import { RequestBrainstormHandler } from './commands/request-brainstorm.command';
import { RequestLandingPageEditHandler } from './commands/request-landing-page-edit.command';
import { SaveBlueprintExampleHandler } from './commands/save-blueprint-example.command';
import { UpdateBlueprintExampleHandler } from './commands/update-blueprint-example.command';
import { RestoreDocumentVersionHandler } from './commands/restore-document-version.command';
import { SaveDocumentVersionHandler } from './commands/save-document-version.command';
import { RejectBuildResultHandler } from './commands/reject-build-result.command';
import { ReleaseBuildSlotHandler } from './commands/release-build-slot.command';
import { StoreBrainstormIdeasHandler } from './commands/store-brainstorm-ideas.command';
import { StoreBuildResultHandler } from './commands/store-build-result.command';
import { StoreLandingPageEditHandler } from './commands/store-landing-page-edit.command';
import { StoreGeneratedAppImageHandler } from './commands/store-generated-app-image.command';
import { StoreGeneratedMediaHandler } from './commands/store-generated-media.command';
import { StoreLandingImagesHandler } from './commands/store-landing-images.command';
import { AppBuilderController } from './http/app-builder.controller';
import { AppMediaController } from './http/app-media.controller';
import { DeleteAppMediaHandler } from './commands/delete-app-media.command';
import { RecordUploadReadingHandler } from './commands/record-upload-reading.command';
import { RequestUploadReadingHandler } from './commands/request-upload-reading.command';
import { SaveAppMediaHandler } from './commands/save-app-media.command';
import { UpdateAppMediaHandler } from './commands/update-app-media.command';
import { appMediaProjection } from './projections/app-media.projection';
import { AppMediaQueries } from './queries/app-media.query';
import { MediaFilesReactor } from './reactors/media-files.reactor';
import { AppsController } from './http/apps.controller';
import { AppVisitorsController } from './http/app-visitors.controller';
import { AiAssetsController } from './http/ai-assets.controller';
import { SimulatorItemsController } from './http/simulator-items.controller';
import { RecordSimulatedPlanHandler } from './commands/record-simulated-plan.command';
import { simulatorItemsProjection } from './projections/simulator-items.projection';
import { SimulatorItemsQueries } from './queries/simulator-items.query';
import { CreateTestFlowHandler } from './commands/create-test-flow.command';
import { DeleteTestFlowHandler } from './commands/delete-test-flow.command';
import { UpdateTestFlowHandler } from './commands/update-test-flow.command';
import { appVisitorsProjection } from './projections/app-visitors.projection';
import { appInsightsProjection } from './projections/app-insights.projection';
import { AppInsightsQueries } from './queries/app-insights.query';
import { AppInsightsController } from './http/app-insights.controller';
import { AppVisitorsQueries } from './queries/app-visitors.query';
import { CompleteOnboardingHandler } from './commands/complete-onboarding.command';
import { RequestPersonalizedPlanHandler } from './commands/request-personalized-plan.command';
import { SaveOnboardingUserStateHandler } from './commands/save-onboarding-user-state.command';
import { creatorPlansProjection } from './projections/creator-plans.projection';
import { creatorStudioProjection } from './projections/creator-studio.projection';
import { appAddressesProjection } from './projections/app-addresses.projection';
import { UpdateStorefrontHandler } from './commands/update-storefront.command';
import { SetStorefrontPhotoHandler } from './commands/set-storefront-photo.command';
import { subscriberProviders } from '../../platform/events/define-projection';
import { BrainstormQueries } from './queries/brainstorm.query';
import { CreatorAppsQueries } from './queries/creator-apps.query';
import { PublishingQueries } from './queries/publishing.query';
import { UnpublishedChangesQueries } from './queries/unpublished-changes.query';
import { MemberAppController } from './http/member-app.controller';
import { memberAppProjection } from './projections/member-app.projection';
import { MemberAppQueries } from './queries/member-app.query';
import { UnsubscribeSecret } from './queries/unsubscribe-secret.query';
import { CompleteSessionHandler } from './commands/complete-session.command';
import { CompletePhaseHandler } from './commands/complete-phase.command';
import { RecordCheckInHandler } from './commands/record-check-in.command';
import { SaveReminderSettingsHandler } from './commands/save-reminder-settings.command';
import { SaveLessonProgressHandler } from './commands/save-lesson-progress.command';
import { MarkAppLessonHandler } from './commands/mark-app-lesson.command';
import { ReorderAppLessonsHandler } from './commands/reorder-app-lessons.command';
import { EmailOutbox } from '../../platform/mail/email-outbox';
import { SendMemberRemindersHandler } from './commands/send-member-reminders.command';
import { MemberRemindersQueries } from './queries/member-reminders.query';
import { AiScreenshotsResult } from './jobs/ai-screenshots.result';
import { BrainstormResult } from './jobs/brainstorm.result';
import { BuildAppResult } from './jobs/build-app.result';
import { EditLandingPageResult } from './jobs/edit-landing-page.result';
import { GenerateAppImageResult } from './jobs/generate-app-image.result';
import { ImageFromInputsResult } from './jobs/image-from-inputs.result';
import { LandingPageImageResult } from './jobs/landing-page-image.result';
import { PersonalizedPlanResult } from './jobs/personalized-plan.result';
import { ReadUploadResult } from './jobs/read-upload.result';

/** Where the results of the module's jobs go (one `<job>.result.ts` each; contracts/jobs names them by `resultStoredBy`). */
const jobResults = [
  BuildAppResult,
  BrainstormResult,
  EditLandingPageResult,
  GenerateAppImageResult,
  LandingPageImageResult,
  AiScreenshotsResult,
  ImageFromInputsResult,
  ReadUploadResult,
  PersonalizedPlanResult,
];

/**
 * Creator apps: apps built from a prompt (blueprint, onboarding flow, landing page, image) by
 * background jobs, brainstorms, versioned documents with restore, blueprint examples, publishing and
 * the creator dashboard; publishing needs a creator-platform plan (creator-apps.creator-plans projection). Commands append events on the app's stream (`app-<appId>`); the
 * creator-apps.studio projection builds the read models the queries read; the result handlers of
 * its jobs (jobs/<job>.result.ts) store what the workers computed. The app's visitors (onboarding state, personalized plans) have
 * their streams (`app-visitor-<appId>-<visitorId>`) and the creator-apps.visitors projection. What
 * the builder's simulator captured and produced (simulator items) is recorded on `simulator-run-<runId>`
 * streams and read from the creator-apps.simulator projection. The media library: uploads streamed to
 * storage, one stream per file (`media-<mediaId>`), the creator-apps.media projection, and the
 * media-files reactor deleting removed files.
 */
@Module({
  imports: [CatalogueModule],
  controllers: [
    AppsController,
    AppBuilderController,
    AppVisitorsController,
    AiAssetsController,
    SimulatorItemsController,
    AppMediaController,
    StorefrontsController,
    MemberAppController,
    AppInsightsController,
  ],
  providers: [
    ...subscriberProviders(
      creatorStudioProjection,
      creatorPlansProjection,
      appVisitorsProjection,
      appMediaProjection,
      simulatorItemsProjection,
      appAddressesProjection,
      memberAppProjection,
      appInsightsProjection,
    ),
    MemberAppQueries,
    UnsubscribeSecret,
    CompleteSessionHandler,
    CompletePhaseHandler,
    RecordCheckInHandler,
    SaveReminderSettingsHandler,
    SaveLessonProgressHandler,
    MarkAppLessonHandler,
    ReorderAppLessonsHandler,
    AppInsightsQueries,
    SendMemberRemindersHandler,
    MemberRemindersQueries,
    EmailOutbox,
    AppMediaQueries,
    SaveAppMediaHandler,
    UpdateAppMediaHandler,
    DeleteAppMediaHandler,
    RequestUploadReadingHandler,
    RecordUploadReadingHandler,
    MediaFilesReactor,
    AppVisitorsQueries,
    SaveOnboardingUserStateHandler,
    CompleteOnboardingHandler,
    RequestPersonalizedPlanHandler,
    CreateTestFlowHandler,
    UpdateTestFlowHandler,
    DeleteTestFlowHandler,
    SimulatorItemsQueries,
    RecordSimulatedPlanHandler,
    ...jobResults,
    CreatorAppsQueries,
    BrainstormQueries,
    UnpublishedChangesQueries,
    PublishingQueries,
    PublicPagesQueries,
    CreatorPublicPages,
    StoreShareImageHandler,
    ShareImagesReactor,
    CreateAppHandler,
    UpdateAppDetailsHandler,
    UpdateStorefrontHandler,
    SetStorefrontPhotoHandler,
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
  exports: [CreatorAppsQueries, MemberRemindersQueries],
})
export class CreatorAppsModule {}
