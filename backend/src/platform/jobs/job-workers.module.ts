import { Injectable, Module, type DynamicModule, type Provider, type Type } from '@nestjs/common';
import { BullModule, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { JOBS, type JobName, type QueueName } from '@sparkhouse/contracts';
import type { AppConfig } from '../config/config';
import { JOB_HANDLER } from './job-handler';
import { RedisConnections } from './redis-connections';
import { WorkerRuntime } from './worker-runtime';

/**
 * The BullMQ worker of one queue, as @nestjs/bullmq builds it (`@Processor` + `WorkerHost`): it hands
 * each job to the runtime, which runs the job's processor (`@HandlesJob`) inside the run's lifecycle.
 * One class per queue because several jobs share a queue (a BullMQ worker takes every job of its queue),
 * made here from the queue's name so that queue names stay the strings of contracts/jobs.
 */
function queueWorker(queue: QueueName, config: AppConfig): Type<WorkerHost> {
  @Processor(queue, {
    // started by WorkerRuntime.start() once every processor is found and checked, not at module init
    autorun: false,
    concurrency: config.WORKER_CONCURRENCY,
    // a dead worker's jobs run again within lock + check (15 s at most by default)
    lockDuration: config.WORKER_LOCK_MS,
    stalledInterval: config.WORKER_STALLED_CHECK_MS,
  })
  @Injectable()
  class QueueWorker extends WorkerHost {
    constructor(private readonly runtime: WorkerRuntime) {
      super();
    }

    process(job: Job, token?: string): Promise<unknown> {
      return this.runtime.process(job, token);
    }
  }
  Object.defineProperty(QueueWorker, 'name', { value: `QueueWorker[${queue}]` });
  return QueueWorker;
}

/** The queues whose jobs these processors run. */
export function queuesOf(processors: readonly Type[]): QueueName[] {
  const names = processors.map((p) => Reflect.getMetadata(JOB_HANDLER, p) as JobName | undefined);
  return [...new Set(names.filter((n): n is JobName => Boolean(n)).map((n) => JOBS[n].queue))];
}

/**
 * What a worker process adds to the platform: its job processors (with the `tools` they work with),
 * and a BullMQ worker for each queue they serve (BullModule with manual registration:
 * WorkerRuntime.start() registers and runs them).
 */
@Module({})
export class JobWorkersModule {
  static forRoot(
    config: AppConfig,
    { processors, tools = [] }: { processors: readonly Type[]; tools?: Provider[] },
  ): DynamicModule {
    const queues = queuesOf(processors);
    return {
      module: JobWorkersModule,
      imports: [
        BullModule.forRootAsync({
          inject: [RedisConnections],
          // one connection for the workers' commands; BullMQ opens a blocking one per worker beside it
          useFactory: (redis: RedisConnections) => ({ connection: redis.dedicated('workers'), prefix: redis.prefix }),
          extraOptions: { manualRegistration: true },
        }),
        BullModule.registerQueue(...queues.map((name) => ({ name }))),
      ],
      providers: [...tools, ...processors, ...queues.map((queue) => queueWorker(queue, config))],
    };
  }
}
