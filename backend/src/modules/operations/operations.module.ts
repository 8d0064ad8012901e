import { Module } from '@nestjs/common';
import { JOB_RUN_ACCESS } from '../../platform/realtime/job-run-access';
import { CommerceModule } from '../commerce';
import { IdentityModule } from '../identity';
import { AlertEvaluator } from './reactors/alert-evaluator';
import { AlertRules } from './commands/alert-rules';
import { CancelJobRunHandler } from './commands/cancel-job-run';
import { JobRunReconciler } from './commands/job-run-reconciler';
import { JobActions } from './commands/job-actions';
import { ProjectionRebuilds } from './commands/projection-rebuilds';
import { QueueActions } from './commands/queue-actions';
import { StartPipelineCheckHandler } from './commands/start-pipeline-check';
import { AnalyticsController } from './http/analytics.controller';
import { ConsoleController } from './http/console.controller';
import { JobsController } from './http/jobs.controller';
import { MetricsController } from './http/metrics.controller';
import { OperationsSideController } from './http/operations-side.controller';
import { QueueBoard, QueueBoardController } from './http/queue-board';
import { OpsJobPushReactor } from './live/ops-job-push.reactor';
import { QueueOverviewPusher } from './live/queue-overview.pusher';
import { AlertsProjection } from './projections/alerts.projection';
import { JobRunsProjection } from './projections/job-runs.projection';
import { EventBrowser } from './queries/event-browser';
import { JobRunQueries } from './queries/job-runs.queries';
import { JobSearch } from './queries/job-search';
import { ProjectionStatusQuery } from './queries/projection-status';
import { QueueStats } from './queries/queue-stats';

/**
 * Operations: job runs for their owners and operators, the operations console (queues, jobs, the
 * event log, read models and their rebuilds, alerts, the email outbox, webhook deliveries, analytics,
 * metrics, bull-board), pipeline checks, and the analytics intake.
 */
@Module({
  imports: [IdentityModule, CommerceModule],
  controllers: [
    JobsController,
    AnalyticsController,
    ConsoleController,
    OperationsSideController,
    MetricsController,
    QueueBoardController,
  ],
  providers: [
    JobRunsProjection,
    AlertsProjection,
    JobRunQueries,
    StartPipelineCheckHandler,
    CancelJobRunHandler,
    { provide: JOB_RUN_ACCESS, useExisting: JobRunQueries },
    QueueStats,
    JobSearch,
    EventBrowser,
    ProjectionStatusQuery,
    JobActions,
    QueueActions,
    ProjectionRebuilds,
    AlertRules,
    AlertEvaluator,
    JobRunReconciler,
    QueueBoard,
    QueueOverviewPusher,
    OpsJobPushReactor,
  ],
  exports: [JobRunQueries, JOB_RUN_ACCESS],
})
export class OperationsModule {}
