import { Injectable, Logger } from '@nestjs/common';
import { JobCancelRequested, JobRequested, type EventPayload, type JobEnvelope, type StoredEvent } from '@sparkhouse/contracts';
import { Subscribes, type Reactor } from '../events/subscribers';
import { JobLifecycle } from './job-lifecycle';
import { cancelKeys, jobOptions, JobQueues } from './job-queues';
import { RedisConnections } from './redis-connections';

const CANCEL_FLAG_TTL_S = 24 * 3600;

/**
 * Process manager from the event log to the queues: a requested job is enqueued (with its run id as
 * the BullMQ job id, so a redelivered event cannot enqueue it twice); a cancel request removes a
 * job still waiting, or signals the worker that holds it.
 */
@Subscribes()
@Injectable()
export class JobDispatcher implements Reactor {
  readonly kind = 'reactor';
  readonly name = 'platform.job-dispatcher';
  readonly handles = [JobRequested.type, JobCancelRequested.type];
  private readonly logger = new Logger('JobDispatcher');

  constructor(
    private readonly queues: JobQueues,
    private readonly redis: RedisConnections,
    private readonly lifecycle: JobLifecycle,
  ) {}

  async handle(events: StoredEvent[]): Promise<void> {
    // enqueue consecutive requests in bulk; cancels keep their place in the order
    let batch: JobEnvelope[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const byJob = new Map<string, JobEnvelope[]>();
      for (const env of batch) byJob.set(env.name, [...(byJob.get(env.name) ?? []), env]);
      for (const envs of byJob.values()) {
        await this.queues
          .queueOf(envs[0].name)
          .addBulk(envs.map((env) => ({ name: env.name, data: env, opts: jobOptions(env) })));
      }
      batch = [];
    };
    for (const e of events) {
      if (e.type === JobRequested.type) {
        const p = e.payload as EventPayload<typeof JobRequested>;
        batch.push({
          runId: p.runId,
          name: p.name as JobEnvelope['name'],
          owner: p.owner,
          payload: p.payload as JobEnvelope['payload'],
          requestedAt: e.metadata.occurredAt,
          correlationId: e.metadata.correlationId,
        });
      } else {
        await flush();
        await this.cancel(e.payload as EventPayload<typeof JobCancelRequested>);
      }
    }
    await flush();
  }

  private async cancel({ runId }: { runId: string }) {
    const keys = cancelKeys(this.redis.prefix, runId);
    const redis = this.redis.shared();
    await redis.set(keys.flag, '1', 'EX', CANCEL_FLAG_TTL_S);
    await redis.publish(keys.channel, runId);
    for (const queue of this.queues.all()) {
      const job = await queue.getJob(runId);
      if (!job) continue;
      const state = await job.getState();
      if (state === 'waiting' || state === 'delayed' || state === 'prioritized' || state === 'waiting-children') {
        try {
          await job.remove();
        } catch (err) {
          this.logger.debug({ err, runId }, 'job started before it could be removed; the worker cancels it');
          return;
        }
        const env = job.data as JobEnvelope;
        await this.lifecycle.canceled(env, 'Canceled before it started');
      }
      return;
    }
  }
}
