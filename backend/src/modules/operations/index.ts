/** The operations module's public surface. */
export { OperationsModule } from './operations.module';
export { JobRunQueries } from './queries/job-runs.queries';
export { JobRunsProjection } from './projections/job-runs.projection';
export { StartPipelineCheck } from './commands/start-pipeline-check';
export { CancelJobRun } from './commands/cancel-job-run';
