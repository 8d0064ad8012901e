import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import {
  JobRequested,
  JobRetryRequested,
  type EventPayload,
  type JobEnvelope,
  type JobName,
  type JobRunStatus,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { rows } from '../../../platform/database/sql';
import { EventStore } from '../../../platform/events/event-store';
import { conflict, notFound } from '../../../platform/http/errors';
import { isRunFinished, JobLifecycle } from '../../../platform/jobs/job-lifecycle';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { jobStreamId } from '../../../platform/jobs/job-requests';

const MAX_BULK_RETRY = 1000;

const lastEnd = (stream: StoredEvent[]) =>
  [...stream].reverse().find((e) => ['JobCompleted', 'JobFailed', 'JobCanceled', 'JobRetryRequested'].includes(e.type));

/**
 * What operators do to single runs from the console. A retry is a fact in the run's stream (the
 * dispatcher enqueues it); promote and remove act on BullMQ, and a removed run that had not finished
 * is recorded as canceled so its history never shows it waiting forever.
 */
@Injectable()
export class JobActions {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly queues: JobQueues,
    private readonly lifecycle: JobLifecycle,
  ) {}

  async retry(runId: string): Promise<{ runId: string; status: JobRunStatus }> {
    // a run left queued or running whose job is gone from its queue (lost queue data) may be retried too
    const lost = await this.isLost(runId);
    await this.orm.em.fork().transactional((tem) =>
      this.events.appendIf(tem, jobStreamId(runId), (stream) => {
        const requested = stream[0];
        if (requested?.type !== JobRequested.type) throw notFound('No such job run.');
        const end = lastEnd(stream);
        const finished = isRunFinished(stream);
        if (!(finished ? end?.type === 'JobFailed' || end?.type === 'JobCanceled' : lost)) {
          throw conflict('Only a failed or canceled run can be retried.');
        }
        const p = requested.payload as EventPayload<typeof JobRequested>;
        const retry = stream.filter((e) => e.type === JobRetryRequested.type).length + 1;
        return [
          {
            type: JobRetryRequested.type,
            payload: {
              runId,
              name: p.name,
              queue: p.queue,
              owner: p.owner,
              payload: p.payload,
              requestedAt: requested.metadata.occurredAt,
              correlationId: requested.metadata.correlationId,
              retry,
            },
          },
        ];
      }),
    );
    return { runId, status: 'queued' };
  }

  /** Retries every failed run of a queue and/or job name (the newest first, at most 1,000). */
  async retryFailed(filter: { queue?: string; name?: string }): Promise<number> {
    const where = ["status = 'failed'"];
    const params: unknown[] = [];
    if (filter.queue) {
      where.push('queue = ?');
      params.push(filter.queue);
    }
    if (filter.name) {
      where.push('name = ?');
      params.push(filter.name);
    }
    const failed = await rows<{ run_id: string }>(
      this.orm.em.fork(),
      `select run_id from job_run where ${where.join(' and ')} order by requested_at desc limit ?`,
      [...params, MAX_BULK_RETRY],
    );
    let retried = 0;
    for (const { run_id } of failed) {
      try {
        await this.retry(run_id);
        retried += 1;
      } catch {
        // finished differently meanwhile (retried already, say): not counted
      }
    }
    return retried;
  }

  async promote(runId: string): Promise<{ runId: string; status: JobRunStatus }> {
    const { job, status } = await this.bullJob(runId);
    if (!job || (await job.getState()) !== 'delayed') throw conflict('Only a delayed job can be promoted.');
    await job.promote();
    return { runId, status };
  }

  async remove(runId: string): Promise<{ runId: string; status: JobRunStatus }> {
    const { job, status, run } = await this.bullJob(runId);
    if (!job && status !== 'queued' && status !== 'running') throw conflict('The job is no longer in its queue.');
    if (job && (await job.getState()) === 'active') throw conflict('The job is running: cancel it instead.');
    // a run whose job was lost from its queue has nothing to remove there, and is recorded as canceled all the same
    await job?.remove();
    if (status === 'queued' || status === 'running') {
      await this.lifecycle.canceled(
        {
          runId,
          name: run.name as JobName,
          owner: { ownerId: run.owner_id, ...(run.subject_id ? { subjectId: run.subject_id } : {}) },
        },
        'Removed from its queue by an operator',
      );
      return { runId, status: 'canceled' };
    }
    return { runId, status };
  }

  /** Whether the run is still queued or running while its job is no longer in its queue. */
  private async isLost(runId: string): Promise<boolean> {
    const [run] = await rows<{ queue: string; status: JobRunStatus }>(
      this.orm.em.fork(),
      'select queue, status from job_run where run_id = ?',
      [runId],
    );
    if (!run || (run.status !== 'queued' && run.status !== 'running')) return false;
    return !(await this.queues.queue(run.queue as never).getJob(runId));
  }

  private async bullJob(runId: string) {
    const [run] = await rows<{ queue: string; name: string; owner_id: string; subject_id: string | null; status: JobRunStatus }>(
      this.orm.em.fork(),
      'select queue, name, owner_id, subject_id, status from job_run where run_id = ?',
      [runId],
    );
    if (!run) throw notFound('No such job run.');
    const job = await this.queues.queue(run.queue as never).getJob(runId);
    return { job: job ?? null, status: run.status, run };
  }

  /** For cleaning a queue: runs whose jobs were removed before they ran are recorded as canceled. */
  async markRemoved(runIds: string[]): Promise<void> {
    if (runIds.length === 0) return;
    const found = await rows<{ run_id: string; name: string; owner_id: string; subject_id: string | null }>(
      this.orm.em.fork(),
      `select run_id, name, owner_id, subject_id from job_run where run_id = any(?::uuid[]) and status in ('queued', 'running')`,
      [`{${runIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id)).join(',')}}`],
    );
    for (const r of found) {
      await this.lifecycle.canceled(
        {
          runId: r.run_id,
          name: r.name as JobEnvelope['name'],
          owner: { ownerId: r.owner_id, ...(r.subject_id ? { subjectId: r.subject_id } : {}) },
        },
        'Removed from its queue by an operator',
      );
    }
  }
}
