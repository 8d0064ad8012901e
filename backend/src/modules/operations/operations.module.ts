import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { JOB_RUN_ACCESS } from '../../platform/realtime/job-run-access';
import { CancelJobRunHandler } from './commands/cancel-job-run';
import { StartPipelineCheckHandler } from './commands/start-pipeline-check';
import { AnalyticsController } from './http/analytics.controller';
import { JobsController } from './http/jobs.controller';
import { JobRunRecord } from './infra/job-run.entity';
import { JobRunsProjection } from './projections/job-runs.projection';
import { JobRunQueries } from './queries/job-runs.queries';

/** Operations: job runs for their owners and operators, pipeline checks, the analytics intake. */
@Module({
  imports: [MikroOrmModule.forFeature([JobRunRecord])],
  controllers: [JobsController, AnalyticsController],
  providers: [
    JobRunsProjection,
    JobRunQueries,
    StartPipelineCheckHandler,
    CancelJobRunHandler,
    { provide: JOB_RUN_ACCESS, useExisting: JobRunQueries },
  ],
  exports: [JobRunQueries, JOB_RUN_ACCESS],
})
export class OperationsModule {}
