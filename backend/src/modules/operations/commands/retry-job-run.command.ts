import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { JobRetryRequested, type JobRunStatus, type NewEvent } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { conflict, notFound } from '../../../platform/http/errors';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { jobStreamId } from '../../../platform/jobs/job-requests';
import type { RunState } from '../domain/run-state';
import { isLostRun } from '../infra/queued-jobs';
import { runModel } from '../infra/streams';

/**
 * An operator runs a failed or canceled run again: a retry is a fact in the run's stream (the
 * dispatcher enqueues it); its earlier attempts stay there.
 */
export class RetryJobRun {
  constructor(readonly runId: string) {}
}

/**
 * A failed or canceled run is retried, and so is one left queued or running whose job is gone from its
 * queue (`lost`: lost queue data); the retry carries what the dispatcher needs to enqueue it afresh.
 */
export function decide(
  state: RunState | null,
  { runId, lost }: { runId: string; lost: boolean },
): NewEvent<typeof JobRetryRequested>[] {
  const requested = state?.requested;
  if (!state || !requested) throw notFound('No such job run.');
  const retriable = state.finished ? state.lastEnd === 'JobFailed' || state.lastEnd === 'JobCanceled' : lost;
  if (!retriable) throw conflict('Only a failed or canceled run can be retried.');
  const p = requested.payload;
  return [
    {
      type: JobRetryRequested.type,
      payload: {
        runId,
        name: p.name,
        queue: p.queue,
        owner: p.owner,
        payload: p.payload,
        requestedAt: requested.occurredAt,
        correlationId: requested.correlationId,
        retry: state.retries + 1,
      },
    },
  ];
}

@CommandHandler(RetryJobRun)
export class RetryJobRunHandler implements ICommandHandler<RetryJobRun, { runId: string; status: JobRunStatus }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly queues: JobQueues,
  ) {}

  async execute({ runId }: RetryJobRun): Promise<{ runId: string; status: JobRunStatus }> {
    const lost = await isLostRun(this.orm.em.fork(), this.queues, runId);
    await this.orm.em
      .fork()
      .transactional((tem) =>
        this.events.appendIf(tem, jobStreamId(runId), (stream) => decide(runModel.fold(null, stream), { runId, lost })),
      );
    return { runId, status: 'queued' };
  }
}
