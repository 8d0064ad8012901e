/** The operations module's public surface: the module, its commands and queries. */
export { OperationsModule } from './operations.module';
export { JobRunQueries } from './queries/job-runs.query';
export { StartPipelineCheck } from './commands/start-pipeline-check.command';
export { CancelJobRun } from './commands/cancel-job-run.command';
