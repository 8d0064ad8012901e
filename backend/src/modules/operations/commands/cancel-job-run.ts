import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  JobCancelRequested,
  JobCanceled,
  JobCompleted,
  JobFailed,
  JOBS,
  type JobName,
  type JobRunStatus,
} from '@sparkhouse/contracts';
import { isAdmin, ownerIdOf, type Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { conflict, notFound } from '../../../platform/http/errors';
import { jobStreamId } from '../../../platform/jobs/job-requests';

/** Ask for a queued or running job to stop. The dispatcher and the worker carry it out. */
export class CancelJobRun {
  constructor(
    readonly principal: Principal | null,
    readonly runId: string,
  ) {}
}

const TERMINAL = new Set<string>([JobCompleted.type, JobFailed.type, JobCanceled.type]);

@CommandHandler(CancelJobRun)
export class CancelJobRunHandler implements ICommandHandler<CancelJobRun, { runId: string; status: JobRunStatus }> {
  constructor(
    private readonly orm: MikroORM,
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
        if (!owner || (owner.owner.ownerId !== ownerIdOf(principal) && !isAdmin(principal))) throw notFound('No such job run.');
        if (stream.some((e) => TERMINAL.has(e.type))) throw conflict('This job has already finished.');
        if (!JOBS[owner.name]?.cancellable) throw conflict('This kind of job cannot be canceled.');
        running = stream.some((e) => e.type === 'JobStarted');
        return stream.some((e) => e.type === JobCancelRequested.type)
          ? null
          : [{ type: JobCancelRequested.type, payload: { runId } }];
      });
      return { runId, status: (running ? 'running' : 'queued') as JobRunStatus };
    });
  }
}
