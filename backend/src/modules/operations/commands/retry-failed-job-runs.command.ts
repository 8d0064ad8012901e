import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { rows } from '../../../platform/database/sql';
import { RetryJobRun } from './retry-job-run.command';

const MAX_BULK_RETRY = 1000;

/** Retry every failed run of a queue and/or job name (the newest first, at most 1,000); answers how many. */
export class RetryFailedJobRuns {
  constructor(readonly filter: { queue?: string; name?: string }) {}
}

@CommandHandler(RetryFailedJobRuns)
export class RetryFailedJobRunsHandler implements ICommandHandler<RetryFailedJobRuns, number> {
  constructor(
    private readonly orm: Database,
    private readonly commands: CommandBus,
  ) {}

  async execute({ filter }: RetryFailedJobRuns): Promise<number> {
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
        await this.commands.execute(new RetryJobRun(run_id));
        retried += 1;
      } catch {
        // finished differently meanwhile (retried already, say): not counted
      }
    }
    return retried;
  }
}
