import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { JobName, JobRunStatus } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { conflict } from '../../../platform/http/errors';
import { JobLifecycle } from '../../../platform/jobs/job-lifecycle';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { ownerOf, queuedJob } from '../infra/queued-jobs';

/**
 * Take a job that is not running out of its queue. A run removed before it finished is recorded as
 * canceled, so its history never shows it waiting forever.
 */
export class RemoveJobRun {
  constructor(readonly runId: string) {}
}

@CommandHandler(RemoveJobRun)
export class RemoveJobRunHandler implements ICommandHandler<RemoveJobRun, { runId: string; status: JobRunStatus }> {
  constructor(
    private readonly orm: Database,
    private readonly queues: JobQueues,
    private readonly lifecycle: JobLifecycle,
  ) {}

  async execute({ runId }: RemoveJobRun): Promise<{ runId: string; status: JobRunStatus }> {
    const { job, status, run } = await queuedJob(this.orm.em.fork(), this.queues, runId);
    if (!job && status !== 'queued' && status !== 'running') throw conflict('The job is no longer in its queue.');
    if (job && (await job.getState()) === 'active') throw conflict('The job is running: cancel it instead.');
    // a run whose job was lost from its queue has nothing to remove there, and is recorded as canceled all the same
    await job?.remove();
    if (status === 'queued' || status === 'running') {
      await this.lifecycle.canceled(
        { runId, name: run.name as JobName, owner: ownerOf(run) },
        'Removed from its queue by an operator',
      );
      return { runId, status: 'canceled' };
    }
    return { runId, status };
  }
}
