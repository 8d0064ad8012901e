import { Module, type DynamicModule } from '@nestjs/common';
import { domainModules, PlatformModule, type AppConfig } from '@sparkhouse/backend';
import { PipelineCheckProcessor } from './processors/pipeline-check.processor';

/** Every job processor. Each job of contracts/jobs has exactly one (checked at start-up). */
export const processors = [PipelineCheckProcessor];

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WorkerModule, imports: [PlatformModule.forRoot(config), ...domainModules], providers: processors };
  }
}
