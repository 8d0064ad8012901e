import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthModule } from './auth/auth.module';
import { APP_CONFIG, type AppConfig } from './config/config';
import { CallerConsistency } from './consistency/caller-consistency';
import { CallerWrites } from './consistency/caller-writes';
import { DatabaseModule } from './database/database.module';
import { EventsModule } from './events/events.module';
import { HttpExceptionFilter } from './http/http-exception.filter';
import { AnswerShaper } from './http/answers';
import { RawRoutes } from './http/raw-routes';
import { PageHints } from './http/page-hints';
import { ServerRendering } from './http/server-rendering';
import { PublicPages } from './http/public-pages';
import { SharedAnswers } from './http/shared-answers';
import { JobsModule } from './jobs/jobs.module';
import { loggerModule } from './logging/logger';
import { MediaModule } from './media/media.module';
import { Metrics } from './metrics/metrics';

/** Everything a module builds on, in the API and the worker process alike. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: PlatformModule,
      imports: [loggerModule(config), DatabaseModule, CqrsModule.forRoot(), EventsModule, JobsModule, AuthModule, MediaModule],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        SharedAnswers,
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        AnswerShaper,
        CallerWrites,
        CallerConsistency,
        RawRoutes,
        PageHints,
        ServerRendering,
        PublicPages,
        Metrics,
      ],
      exports: [APP_CONFIG, RawRoutes, PageHints, ServerRendering, PublicPages, SharedAnswers, Metrics, MediaModule],
    };
  }
}
