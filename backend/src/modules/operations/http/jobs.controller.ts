import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { operations } from '@sparkhouse/contracts';
import { isAdmin, ownerIdOf } from '../../../platform/auth/principal';
import { requestContext } from '../../../platform/context/request-context';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { notFound } from '../../../platform/http/errors';
import { CancelJobRun } from '../commands/cancel-job-run.command';
import { StartPipelineCheck } from '../commands/start-pipeline-check.command';
import { JobRunQueries } from '../queries/job-runs.query';

const principal = () => requestContext.current()?.principal ?? null;

@Controller()
export class JobsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly runs: JobRunQueries,
  ) {}

  @Endpoint(operations.startPipelineCheck)
  start(@Input() { body }: CallInput<typeof operations.startPipelineCheck>) {
    return this.commands.execute(new StartPipelineCheck(principal(), body));
  }

  @Endpoint(operations.getJobRun)
  async get(@Input() { params }: CallInput<typeof operations.getJobRun>) {
    const run = await this.runs.get(params.runId);
    const who = principal();
    if (!run || (run.ownerId !== ownerIdOf(who) && !isAdmin(who))) throw notFound('No such job run.');
    return run;
  }

  @Endpoint(operations.listJobRuns)
  list(@Input() { query }: CallInput<typeof operations.listJobRuns>) {
    const who = principal();
    const everyone = query.all === 'true' && isAdmin(who);
    return this.runs.list({
      ownerId: everyone ? null : ownerIdOf(who),
      status: query.status,
      before: query.before,
      limit: query.limit,
    });
  }

  @Endpoint(operations.getJobDurations)
  durations(@Input() { params }: CallInput<typeof operations.getJobDurations>) {
    return this.runs.durations(params.name);
  }

  @Endpoint(operations.cancelJobRun)
  cancel(@Input() { params }: CallInput<typeof operations.cancelJobRun>) {
    return this.commands.execute(new CancelJobRun(principal(), params.runId));
  }
}
