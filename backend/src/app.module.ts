import { Module, type DynamicModule } from '@nestjs/common';
import { IdentityDevToolsModule, IdentityModule } from './modules/identity';
import { OperationsModule } from './modules/operations';
import { CatalogueModule } from './modules/catalogue';
import { CommerceModule } from './modules/commerce';
import { OffersModule } from './modules/offers';
import { CreatorAppsModule } from './modules/creator-apps';
import type { AppConfig } from './platform/config/config';
import { HealthController } from './platform/health/health.controller';
import { GeneratedMediaController } from './platform/media/generated-media.controller';
import { MediaFilesController } from './platform/media/media-files.controller';
import { PlatformModule } from './platform/platform.module';
import { RealtimeModule } from './platform/realtime/realtime.module';

/** The domain modules, shared by the API and the worker processes. */
export const domainModules = [IdentityModule, OperationsModule, CatalogueModule, OffersModule, CommerceModule, CreatorAppsModule];

/** The API process: platform, HTTP, socket.io and every module. */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ApiModule,
      imports: [PlatformModule.forRoot(config), RealtimeModule, ...domainModules, IdentityDevToolsModule.forRoot(config)],
      controllers: [HealthController, GeneratedMediaController, MediaFilesController],
    };
  }
}
