import { Logger, Module, type DynamicModule } from '@nestjs/common';
import { aiSetup, APP_CONFIG, domainModules, JobWorkersModule, PlatformModule, type AppConfig } from '@sparkhouse/backend';
import { AI_PROVIDER } from './ai/provider-factory';
import { AppImageMaker } from './media/app-image';
import { PipelineCheckProcessor } from './processors/pipeline-check.processor';
import { RebuildProjectionProcessor } from './processors/operations/rebuild-projection.processor';
import { BuildAppProcessor } from './processors/creator/build-app.processor';
import { BrainstormProcessor } from './processors/creator/brainstorm.processor';
import { EditLandingPageProcessor } from './processors/creator/edit-landing-page.processor';
import { BlueprintHelpProcessor } from './processors/creator/blueprint-help.processor';
import { EditorSuggestionsProcessor } from './processors/creator/editor-suggestions.processor';
import { PersonalizedPlanProcessor } from './processors/app-visitors/personalized-plan.processor';
import { LinkPreviewProcessor } from './processors/creator/link-preview.processor';
import { DescribeLinkProcessor } from './processors/creator/describe-link.processor';
import { GenerateAppImageProcessor } from './processors/creator/generate-app-image.processor';
import { DescribeMediaProcessor } from './processors/creator/describe-media.processor';
import { AiScreenshotsProcessor, LandingPageImageProcessor } from './processors/creator/landing-images.processor';
import { SceneImageMaker } from './media/scene-image';
import { AnalyzeUploadsProcessor } from './processors/creator/analyze-uploads.processor';
import { ImageFromInputsProcessor } from './processors/creator/image-from-inputs.processor';
import { ReadUploadProcessor } from './processors/creator/read-upload.processor';
import { MediaReader } from './media/media-reader';
import { MemberReminderRounds } from './reminders/member-reminder-rounds';
import { workerAiProvider } from './worker-ai';

/** Every job processor. Each job of contracts/jobs has exactly one (checked at start-up). */
export const processors = [
  PipelineCheckProcessor,
  RebuildProjectionProcessor,
  BuildAppProcessor,
  BrainstormProcessor,
  EditLandingPageProcessor,
  BlueprintHelpProcessor,
  EditorSuggestionsProcessor,
  PersonalizedPlanProcessor,
  LinkPreviewProcessor,
  DescribeLinkProcessor,
  GenerateAppImageProcessor,
  LandingPageImageProcessor,
  AiScreenshotsProcessor,
  DescribeMediaProcessor,
  AnalyzeUploadsProcessor,
  ImageFromInputsProcessor,
  ReadUploadProcessor,
];

/** What the processors work with: the configured AI provider, the app-image maker, the scene drawer and the media reader. */
const tools = [
  {
    provide: AI_PROVIDER,
    useFactory: (config: AppConfig) => {
      const provider = workerAiProvider(config);
      const setup = aiSetup(config);
      const logger = new Logger('AI');
      if (setup.text.source === 'none') {
        logger.warn(
          `No AI model configured (AI_API_KEY, AI_BASE_URL): AI jobs fail saying so, the others run; app images: ${setup.images.label}`,
        );
      } else {
        logger.log(
          `AI provider: ${provider.name}${provider.isLocal ? ' (deterministic, no network)' : ` at ${config.AI_BASE_URL || 'api.openai.com'}`}; ` +
            `app images: ${setup.images.label}`,
        );
      }
      return provider;
    },
    inject: [APP_CONFIG],
  },
  {
    provide: SceneImageMaker,
    useFactory: (config: AppConfig) => new SceneImageMaker(config.MEDIA_DIR),
    inject: [APP_CONFIG],
  },
  {
    provide: AppImageMaker,
    useFactory: (config: AppConfig) =>
      new AppImageMaker(
        config.MEDIA_DIR,
        aiSetup(config).images.source === 'images-api'
          ? {
              baseURL: config.IMAGE_API_BASE_URL || undefined,
              apiKey: config.IMAGE_API_KEY || 'not-needed',
              model: config.IMAGE_API_MODEL,
            }
          : null,
      ),
    inject: [APP_CONFIG],
  },
  MediaReader,
];

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      // the processors and their tools, and a BullMQ worker (@nestjs/bullmq WorkerHost) for each queue they serve
      imports: [PlatformModule.forRoot(config), ...domainModules, JobWorkersModule.forRoot(config, { processors, tools })],
      providers: [MemberReminderRounds],
    };
  }
}
