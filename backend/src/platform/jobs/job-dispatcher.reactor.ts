import { Injectable, Logger } from '@nestjs/common';
import {
  isEventOf,
  isJobName,
  JobCancelRequested,
  JobRequested,
  JobRetryRequested,
  JOBS,
  type DomainEvent,
  type JobEnvelope,
  type JobOwner,
  type PayloadOf,
} from '@sparkhouse/contracts';
import { Database } from '../database/database';
import { EventStore } from '../events/event-store';
import { Subscribes, type Reactor } from '../events/subscribers';
import { JobLifecycle } from './job-lifecycle';
import { cancelKeys, jobOptions, JobQueues } from './job-queues';
import { jobStreamId } from './job-requests';
import { RedisConnections } from './redis-connections';

const CANCEL_FLAG_TTL_S = 24 * 3600;
type Dispatched = 'JobRequested' | 'JobCancelRequested' | 'JobRetryRequested';

/**
 * Process manager from the event log to the queues: a requested job is enqueued (with its run id as
 * the BullMQ job id, so a redelivered event cannot enqueue it twice); a cancel request removes a
 * job still waiting, or signals the worker that holds it.
 */
@Subscribes()
@Injectable()
export class JobDispatcher implements Reactor<Dispatched> {
  readonly kind = 'reactor';
  readonly name = 'platform.job-dispatcher';
  readonly handles: Dispatched[] = [JobRequested.type, JobCancelRequested.type, JobRetryRequested.type];
  private readonly logger = new Logger('JobDispatcher');

  constructor(
    private readonly queues: JobQueues,
    private readonly redis: RedisConnections,
    private readonly lifecycle: JobLifecycle,
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async handle(events: DomainEvent<Dispatched>[]): Promise<void> {
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
      if (isEventOf(e, 'JobRequested')) {
        const env = await this.envelope(e.payload, e.metadata);
        if (env) batch.push(env);
      } else if (isEventOf(e, 'JobRetryRequested')) {
        await flush();
        await this.retry(e.payload);
      } else {
        await flush();
        await this.cancel(e.payload);
      }
    }
    await flush();
  }

  /**
   * A run an operator asked to run again: whatever BullMQ still holds of its last try goes, and the
   * job is enqueued afresh under the same id (a redelivered retry finds it waiting and leaves it).
   */
  private async retry(p: PayloadOf<'JobRetryRequested'>) {
    const env = await this.envelope(p, p);
    if (!env) return;
    const queue = this.queues.queueOf(env.name);
    await this.redis.shared().del(cancelKeys(this.redis.prefix, p.runId).flag);
    const existing = await queue.getJob(p.runId);
    if (existing) {
      // this retry (or a later one) is already in the queue: a redelivered event changes nothing
      if (((existing.data as { retry?: number }).retry ?? 0) >= p.retry) return;
      const state = await existing.getState();
      if (state === 'active') return; // still running its last try; the run's stream decides what it records
      await existing.remove();
    }
    // a run that finishes again is skipped by the worker if this is enqueued once more (see JobLifecycle.mayStart)
    await queue.add(env.name, { ...env, retry: p.retry }, jobOptions(env));
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
    // in no queue: its job was lost (queue data lost) or is long gone; a run that finished stays as it was
    const [requested] = await this.events.readStream(this.orm.em.fork(), jobStreamId(runId), { limit: 1 });
    if (!requested || !isEventOf(requested, 'JobRequested') || !isJobName(requested.payload.name)) return;
    const p = requested.payload;
    await this.lifecycle.canceled(
      { runId, name: requested.payload.name, owner: p.owner },
      'Canceled (its job was no longer in its queue)',
    );
  }

  /**
   * What goes on the queue for a requested run: its payload read with its job's schema (it was checked
   * when requested; a release that changed the schema meanwhile fails the run with the reason instead of
   * handing the worker a payload it cannot read).
   */
  private async envelope(
    p: { runId: string; name: string; owner: JobOwner; payload: unknown },
    at: { occurredAt?: string; requestedAt?: string; correlationId: string },
  ): Promise<JobEnvelope | null> {
    if (!isJobName(p.name)) {
      this.logger.warn({ runId: p.runId }, `run of an unknown job "${p.name}" not enqueued`);
      return null;
    }
    const payload = JOBS[p.name].payload.safeParse(p.payload);
    if (!payload.success) {
      await this.lifecycle.failed({ runId: p.runId, name: p.name, owner: p.owner }, 0, 'Its payload no longer matches its job');
      return null;
    }
    return {
      runId: p.runId,
      name: p.name,
      owner: p.owner,
      payload: payload.data,
      requestedAt: at.requestedAt ?? at.occurredAt ?? new Date().toISOString(),
      correlationId: at.correlationId,
    };
  }
}
