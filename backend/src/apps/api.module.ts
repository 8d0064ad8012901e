import { Module, type DynamicModule } from '@nestjs/common';
import { IdentityDevToolsModule } from '../modules/identity';
import type { AppConfig } from '../platform/config/config';
import { HealthController } from '../platform/health/health.controller';
import { GeneratedMediaController } from '../platform/media/generated-media.controller';
import { MediaFilesController } from '../platform/media/media-files.controller';
import { PlatformModule } from '../platform/platform.module';
import { RealtimeModule } from '../platform/realtime/realtime.module';
import { devkitModules } from './devkit';
import { domainModules } from './domain-modules';

/** The API process: platform, HTTP, socket.io, every module and, outside production, the devkit. */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        PlatformModule.forRoot(config),
        RealtimeModule,
        ...domainModules,
        IdentityDevToolsModule.forRoot(config),
        ...devkitModules(config),
      ],
      controllers: [HealthController, GeneratedMediaController, MediaFilesController],
    };
  }
}
