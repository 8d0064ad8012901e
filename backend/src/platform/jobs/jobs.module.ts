import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { RealtimePublisher } from '../realtime/realtime-publisher';
import { JobAwaiter } from './job-awaiter';
import { JobDispatcher } from './job-dispatcher.reactor';
import { JobLifecycle } from './job-lifecycle';
import { JobEndsReactor } from './job-ends.reactor';
import { JobQueues } from './job-queues';
import { JobRequests } from './job-requests';
import { RedisConnections } from './redis-connections';
import { UploadsInFlight } from './uploads-first';
import { WorkerRuntime } from './worker-runtime';

/** What the rest of the application uses; the two reactors are found by the event relay. */
const shared = [
  RedisConnections,
  JobQueues,
  JobRequests,
  JobAwaiter,
  JobLifecycle,
  RealtimePublisher,
  WorkerRuntime,
  UploadsInFlight,
];

@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [...shared, JobDispatcher, JobEndsReactor],
  exports: shared,
})
export class JobsModule {}
