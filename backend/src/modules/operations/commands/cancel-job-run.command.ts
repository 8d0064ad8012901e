import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { JobCancelRequested, JOBS, type JobName, type JobRunStatus, type NewEvent } from '@sparkhouse/contracts';
import { canOperate, ownerIdOf, type Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { conflict, notFound } from '../../../platform/http/errors';
import { jobStreamId } from '../../../platform/jobs/job-requests';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { withinMs } from '../../../platform/jobs/redis-wait';
import type { RunState } from '../domain/run-state';
import { runModel } from '../infra/streams';

/** How long a cancel's answer waits for the queue to say whether a worker holds the run. */
const QUEUE_STATE_WAIT_MS = 250;

/** Ask for a queued or running job to stop. The dispatcher and the worker carry it out. */
export class CancelJobRun {
  constructor(
    readonly principal: Principal | null,
    readonly runId: string,
  ) {}
}

/**
 * The owner (or an operator) may cancel a run that has not finished, of a kind that can be canceled;
 * asking twice since the last retry records nothing new.
 */
export function decide(state: RunState | null, { principal, runId }: CancelJobRun): NewEvent<typeof JobCancelRequested>[] {
  const requested = state?.requested?.payload;
  // someone else's run is reported as missing, not forbidden: ids are not to be probed
  if (!state || !requested || (requested.owner.ownerId !== ownerIdOf(principal) && !canOperate(principal)))
    throw notFound('No such job run.');
  if (state.finished) throw conflict('This job has already finished.');
  if (!JOBS[requested.name as JobName]?.cancellable) throw conflict('This kind of job cannot be canceled.');
  return state.cancelRequestedSinceRetry ? [] : [{ type: JobCancelRequested.type, payload: { runId } }];
}

@CommandHandler(CancelJobRun)
export class CancelJobRunHandler implements ICommandHandler<CancelJobRun, { runId: string; status: JobRunStatus }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly queues: JobQueues,
  ) {}

  async execute(command: CancelJobRun) {
    const { runId } = command;
    let name: JobName | undefined;
    let started = false;
    await this.orm.em.fork().transactional(async (tem) => {
      // decided under the stream's append lock: progress the worker appends meanwhile cannot make it fail
      await this.events.appendIf(tem, jobStreamId(runId), (stream) => {
        const state = runModel.fold(null, stream);
        name = state?.requested?.payload.name as JobName | undefined;
        // only what happened since the last retry counts
        started = state?.startedSinceRetry ?? false;
        return decide(state, command);
      });
    });
    return { runId, status: (started || (await this.heldByWorker(name, runId)) ? 'running' : 'queued') as JobRunStatus };
  }

  /**
   * Whether a worker holds the run now. A worker stores a run's start with its next facts (up to
   * JOB_PROGRESS_PERSIST_MS later), so in its first moments only the queue knows it is active. The
   * cancel is recorded by then: when the queue cannot say at once (Redis away), the stream's answer stands.
   */
  private async heldByWorker(name: JobName | undefined, runId: string): Promise<boolean> {
    if (!name || !JOBS[name]) return false;
    return (await withinMs(this.queues.queueOf(name).getJobState(runId), QUEUE_STATE_WAIT_MS, 'unknown')) === 'active';
  }
}
