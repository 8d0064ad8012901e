import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { JobCancelRequested, JOBS, type JobName, type JobRunStatus } from '@sparkhouse/contracts';
import { canOperate, ownerIdOf, type Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { conflict, notFound } from '../../../platform/http/errors';
import { isRunFinished } from '../../../platform/jobs/job-lifecycle';
import { jobStreamId } from '../../../platform/jobs/job-requests';

/** Ask for a queued or running job to stop. The dispatcher and the worker carry it out. */
export class CancelJobRun {
  constructor(
    readonly principal: Principal | null,
    readonly runId: string,
  ) {}
}

@CommandHandler(CancelJobRun)
export class CancelJobRunHandler implements ICommandHandler<CancelJobRun, { runId: string; status: JobRunStatus }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, runId }: CancelJobRun) {
    return this.orm.em.fork().transactional(async (tem) => {
      let running = false;
      // decided under the stream's append lock: progress the worker appends meanwhile cannot make it fail
      await this.events.appendIf(tem, jobStreamId(runId), (stream) => {
        const requested = stream[0];
        const owner =
          requested?.type === 'JobRequested' ? (requested.payload as { owner: { ownerId: string }; name: JobName }) : null;
        // someone else's run is reported as missing, not forbidden: ids are not to be probed
        if (!owner || (owner.owner.ownerId !== ownerIdOf(principal) && !canOperate(principal)))
          throw notFound('No such job run.');
        if (isRunFinished(stream)) throw conflict('This job has already finished.');
        if (!JOBS[owner.name]?.cancellable) throw conflict('This kind of job cannot be canceled.');
        // only what happened since the last retry counts
        const lastRetry = stream.map((e) => e.type).lastIndexOf('JobRetryRequested');
        const current = stream.slice(lastRetry + 1);
        running = current.some((e) => e.type === 'JobStarted');
        return current.some((e) => e.type === JobCancelRequested.type)
          ? null
          : [{ type: JobCancelRequested.type, payload: { runId } }];
      });
      return { runId, status: (running ? 'running' : 'queued') as JobRunStatus };
    });
  }
}
