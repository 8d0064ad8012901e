import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { JOBS, QUEUES, type JobEnvelope, type JobName, type QueueName } from '@sparkhouse/contracts';
import { RedisConnections } from './redis-connections';

/** Job options live here, once: attempts and backoff from the job's contract, bounded history. */
export function jobOptions(envelope: JobEnvelope) {
  const def = JOBS[envelope.name];
  return {
    jobId: envelope.runId, // a second enqueue of the same run is ignored by BullMQ
    attempts: def.attempts,
    backoff: { type: 'exponential' as const, delay: def.backoffMs },
    removeOnComplete: { age: 24 * 3600, count: 5000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}

/**
 * The BullMQ queues, one per kind of slow work (contracts/jobs), as producers. Hand-written rather than
 * @nestjs/bullmq's `BullModule.registerQueue`: that opens every queue when the module starts, in every
 * process (API, tooling, each test), while these open on first use, on the producers' connection. The
 * workers' side is @nestjs/bullmq's (JobWorkersModule).
 */
@Injectable()
export class JobQueues implements OnApplicationShutdown {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(private readonly redis: RedisConnections) {}

  queue(name: QueueName): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.redis.producers(), prefix: this.redis.prefix });
      this.queues.set(name, q);
    }
    return q;
  }

  /** Every queue of the contracts, opened. */
  all(): Queue[] {
    return (Object.values(QUEUES) as QueueName[]).map((q) => this.queue(q));
  }

  queueOf(job: JobName): Queue {
    return this.queue(JOBS[job].queue);
  }

  async onApplicationShutdown() {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }
}

/** Redis key and channel used to cancel a run, wherever it is. */
export const cancelKeys = (prefix: string, runId?: string) => ({
  channel: `${prefix}:job-cancel`,
  flag: `${prefix}:job-cancel:${runId ?? ''}`,
});
