import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { JobRunStatus } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { conflict } from '../../../platform/http/errors';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { queuedJob } from '../infra/queued-jobs';

/** Run a delayed job now (BullMQ's promote). */
export class PromoteJobRun {
  constructor(readonly runId: string) {}
}

@CommandHandler(PromoteJobRun)
export class PromoteJobRunHandler implements ICommandHandler<PromoteJobRun, { runId: string; status: JobRunStatus }> {
  constructor(
    private readonly orm: Database,
    private readonly queues: JobQueues,
  ) {}

  async execute({ runId }: PromoteJobRun): Promise<{ runId: string; status: JobRunStatus }> {
    const { job, status } = await queuedJob(this.orm.em.fork(), this.queues, runId);
    if (!job || (await job.getState()) !== 'delayed') throw conflict('Only a delayed job can be promoted.');
    await job.promote();
    return { runId, status };
  }
}
