/**
 * The backend's public surface for the worker process and tools: the platform pieces a worker
 * needs, and the domain modules. Nothing else is imported from outside backend/.
 */
export { domainModules } from './apps/domain-modules';
export { devkitModules } from './apps/devkit';
export { loadConfig, APP_CONFIG, repoRoot, type AppConfig } from './platform/config/config';
export { aiSetup } from './platform/config/ai-setup';
export { PlatformModule } from './platform/platform.module';
export { migrateUp, pendingMigrations } from './platform/database/migrate';
export { Database, type Db } from './platform/database/database';
export { WorkerRuntime } from './platform/jobs/worker-runtime';
export { JobWorkersModule } from './platform/jobs/job-workers.module';
export { RedisConnections } from './platform/jobs/redis-connections';
export { JobQueues } from './platform/jobs/job-queues';
export { HandlesJob, abortableDelay, type JobContext, type JobProcessor } from './platform/jobs/job-handler';
export { EventRelay } from './platform/events/event-relay';
export { Rebuilder } from './platform/events/rebuilder';
export { SubscriberRegistry } from './platform/events/subscriber-registry';
export { EventStore } from './platform/events/event-store';
export { SeedsDemoData, type Seeder } from './platform/database/seeders';
export { runSeeders, replay, withToolingContext } from './apps/tooling';
export { appImagesDir, appImageUrl, APP_IMAGES_FOLDER } from './platform/media/media-files';
export { MEDIA_STORAGE, type MediaStorage } from './platform/media/storage/media-storage';
export { originalKey, parseMediaKey, thumbnailKeyOf } from './platform/media/media-keys';
export { isPublicAddress } from './platform/web/address-rules';
export { ffmpegPath, ffprobePath } from './platform/media/media-tools';
export { JobAwaiter, type JobOutcome } from './platform/jobs/job-awaiter';
export { JobRequests } from './platform/jobs/job-requests';
export { AccessTokens } from './platform/auth/access-tokens';
export { Metrics } from './platform/metrics/metrics';
export { RebuildBusyError } from './platform/events/rebuilder';
/** The member app's reminder rounds, run by the worker process (workers/src/reminders). */
export { SendMemberReminders, MemberRemindersQueries } from './modules/creator-apps';
