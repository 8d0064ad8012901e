import { Controller } from '@nestjs/common';
import { operations, type QueueName } from '@sparkhouse/contracts';
import { consoleRoleOf } from '../../../platform/auth/principal';
import { requestContext } from '../../../platform/context/request-context';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { badRequest, notFound } from '../../../platform/http/errors';
import { OperationsDirectory } from '../../identity';
import { CommandBus } from '@nestjs/cqrs';
import { CancelJobRun } from '../commands/cancel-job-run.command';
import { CleanQueue } from '../commands/clean-queue.command';
import { PromoteJobRun } from '../commands/promote-job-run.command';
import { RemoveJobRun } from '../commands/remove-job-run.command';
import { RequestProjectionRebuild } from '../commands/request-projection-rebuild.command';
import { SetQueuePaused } from '../commands/set-queue-paused.command';
import { RetryFailedJobRuns } from '../commands/retry-failed-job-runs.command';
import { RetryJobRun } from '../commands/retry-job-run.command';
import { EventBrowser } from '../queries/event-browser.query';
import { JobSearch } from '../queries/job-search.query';
import { ProjectionStatusQuery } from '../queries/projection-status.query';
import { QueueStats } from '../queries/queue-stats.query';

const principal = () => requestContext.current()?.principal ?? null;

/** The operations console: queues, jobs, the event log and read models. Thin: validate, dispatch, map. */
@Controller()
export class ConsoleController {
  constructor(
    private readonly stats: QueueStats,
    private readonly search: JobSearch,
    private readonly commands: CommandBus,
    private readonly events: EventBrowser,
    private readonly projections: ProjectionStatusQuery,
    private readonly directory: OperationsDirectory,
  ) {}

  @Endpoint(operations.getConsoleAccess)
  me() {
    const role = consoleRoleOf(principal());
    return { role, canAct: role === 'admin' || role === 'operator' };
  }

  @Endpoint(operations.listQueues)
  queues() {
    return this.stats.overview();
  }

  @Endpoint(operations.getQueueSeries)
  async series(@Input() { query }: CallInput<typeof operations.getQueueSeries>) {
    return { points: await this.stats.series(query.minutes, query.queue) };
  }

  @Endpoint(operations.pauseQueue)
  pause(@Input() { params }: CallInput<typeof operations.pauseQueue>) {
    return this.commands.execute(new SetQueuePaused(params.name as QueueName, true));
  }

  @Endpoint(operations.resumeQueue)
  resume(@Input() { params }: CallInput<typeof operations.resumeQueue>) {
    return this.commands.execute(new SetQueuePaused(params.name as QueueName, false));
  }

  @Endpoint(operations.cleanQueue)
  clean(@Input() { params, body }: CallInput<typeof operations.cleanQueue>) {
    return this.commands.execute(new CleanQueue(params.name as QueueName, body.state, body.ageMs));
  }

  @Endpoint(operations.searchJobs)
  async searchJobs(@Input() { query }: CallInput<typeof operations.searchJobs>) {
    const { email, ...filter } = query;
    if (email) {
      const userId = await this.directory.userIdByEmail(email);
      if (!userId || (filter.userId && filter.userId !== userId)) return { jobs: [], nextCursor: null };
      filter.userId = userId;
    }
    const found = await this.search.search(filter);
    if (!found)
      throw badRequest('cursor is not one this search gave out', [{ path: 'query.cursor', message: 'cursor is invalid' }]);
    return found;
  }

  @Endpoint(operations.getJobDetail)
  async job(@Input() { params }: CallInput<typeof operations.getJobDetail>) {
    const detail = await this.search.detail(params.runId);
    if (!detail) throw notFound('No such job run.');
    return detail;
  }

  @Endpoint(operations.retryJob)
  retry(@Input() { params }: CallInput<typeof operations.retryJob>) {
    return this.commands.execute(new RetryJobRun(params.runId));
  }

  @Endpoint(operations.promoteJob)
  promote(@Input() { params }: CallInput<typeof operations.promoteJob>) {
    return this.commands.execute(new PromoteJobRun(params.runId));
  }

  @Endpoint(operations.removeJob)
  remove(@Input() { params }: CallInput<typeof operations.removeJob>) {
    return this.commands.execute(new RemoveJobRun(params.runId));
  }

  @Endpoint(operations.cancelJob)
  cancel(@Input() { params }: CallInput<typeof operations.cancelJob>) {
    return this.commands.execute(new CancelJobRun(principal(), params.runId));
  }

  @Endpoint(operations.retryFailedJobs)
  async retryFailed(@Input() { query }: CallInput<typeof operations.retryFailedJobs>) {
    return { retried: await this.commands.execute(new RetryFailedJobRuns(query)) };
  }

  @Endpoint(operations.browseEvents)
  browse(@Input() { query }: CallInput<typeof operations.browseEvents>) {
    return this.events.browse(query);
  }

  @Endpoint(operations.listProjections)
  listProjections() {
    return this.projections.list();
  }

  @Endpoint(operations.rebuildProjection)
  rebuild(@Input() { params }: CallInput<typeof operations.rebuildProjection>) {
    return this.commands.execute(new RequestProjectionRebuild(principal(), params.name));
  }
}
