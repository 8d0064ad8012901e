import { Module } from '@nestjs/common';
import { subscriberProviders } from '../../platform/events/define-projection';
import { JOB_RUN_ACCESS } from '../../platform/realtime/job-run-access';
import { CommerceModule } from '../commerce';
import { IdentityModule } from '../identity';
import { CancelJobRunHandler } from './commands/cancel-job-run.command';
import { CleanQueueHandler } from './commands/clean-queue.command';
import { EvaluateAlertRuleHandler } from './commands/evaluate-alert-rule.command';
import { PromoteJobRunHandler } from './commands/promote-job-run.command';
import { RemoveAlertRuleHandler } from './commands/remove-alert-rule.command';
import { RemoveJobRunHandler } from './commands/remove-job-run.command';
import { RequestProjectionRebuildHandler } from './commands/request-projection-rebuild.command';
import { SetQueuePausedHandler } from './commands/set-queue-paused.command';
import { RetryFailedJobRunsHandler } from './commands/retry-failed-job-runs.command';
import { RetryJobRunHandler } from './commands/retry-job-run.command';
import { SaveAlertRuleHandler } from './commands/save-alert-rule.command';
import { StartPipelineCheckHandler } from './commands/start-pipeline-check.command';
import { AnalyticsController } from './http/analytics.controller';
import { ConsoleController } from './http/console.controller';
import { JobsController } from './http/jobs.controller';
import { MetricsController } from './http/metrics.controller';
import { OperationsSideController } from './http/operations-side.controller';
import { QueueBoard, QueueBoardController } from './http/queue-board';
import { QueueOverviewGateway } from './http/queue-overview.gateway';
import { alertsProjection } from './projections/alerts.projection';
import { jobRunsProjection } from './projections/job-runs.projection';
import { AlertMeasures } from './queries/alert-measures.query';
import { AlertRuleQueries } from './queries/alert-rules.query';
import { EventBrowser } from './queries/event-browser.query';
import { JobRunQueries } from './queries/job-runs.query';
import { JobSearch } from './queries/job-search.query';
import { ProjectionStatusQuery } from './queries/projection-status.query';
import { QueueStats } from './queries/queue-stats.query';
import { QuietJobRuns } from './queries/quiet-job-runs.query';
import { AlertEvaluation } from './reactors/alert-evaluation.reactor';
import { JobRunReconciler } from './reactors/job-run-reconciliation.reactor';
import { OpsJobPushReactor } from './reactors/ops-job-push.reactor';

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
    ...subscriberProviders(jobRunsProjection, alertsProjection),
    // commands
    StartPipelineCheckHandler,
    CancelJobRunHandler,
    RetryJobRunHandler,
    RetryFailedJobRunsHandler,
    PromoteJobRunHandler,
    RemoveJobRunHandler,
    SetQueuePausedHandler,
    CleanQueueHandler,
    RequestProjectionRebuildHandler,
    SaveAlertRuleHandler,
    RemoveAlertRuleHandler,
    EvaluateAlertRuleHandler,
    // queries
    JobRunQueries,
    { provide: JOB_RUN_ACCESS, useExisting: JobRunQueries },
    QueueStats,
    JobSearch,
    EventBrowser,
    ProjectionStatusQuery,
    AlertRuleQueries,
    AlertMeasures,
    QuietJobRuns,
    // reactions: to events, and to the clock
    OpsJobPushReactor,
    AlertEvaluation,
    JobRunReconciler,
    // socket and raw HTTP plumbing
    QueueBoard,
    QueueOverviewGateway,
  ],
  exports: [JobRunQueries, JOB_RUN_ACCESS],
})
export class OperationsModule {}
