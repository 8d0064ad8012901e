import { Module, type DynamicModule } from '@nestjs/common';
import { IdentityModule } from './modules/identity';
import { OperationsModule } from './modules/operations';
import { CatalogueModule } from './modules/catalogue';
import type { AppConfig } from './platform/config/config';
import { HealthController } from './platform/health/health.controller';
import { PlatformModule } from './platform/platform.module';
import { RealtimeModule } from './platform/realtime/realtime.module';

/** The domain modules, shared by the API and the worker processes. */
export const domainModules = [IdentityModule, OperationsModule, CatalogueModule];

/** The API process: platform, HTTP, socket.io and every module. */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ApiModule,
      imports: [PlatformModule.forRoot(config), RealtimeModule, ...domainModules],
      controllers: [HealthController],
    };
  }
}
