import { Controller } from '@nestjs/common';
import { operations, type QueueName } from '@sparkhouse/contracts';
import { consoleRoleOf } from '../../../platform/auth/principal';
import { requestContext } from '../../../platform/context/request-context';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { badRequest, notFound } from '../../../platform/http/errors';
import { OperationsDirectory } from '../../identity';
import { CommandBus } from '@nestjs/cqrs';
import { CancelJobRun } from '../commands/cancel-job-run';
import { JobActions } from '../commands/job-actions';
import { QueueActions } from '../commands/queue-actions';
import { ProjectionRebuilds } from '../commands/projection-rebuilds';
import { EventBrowser } from '../queries/event-browser';
import { JobSearch } from '../queries/job-search';
import { ProjectionStatusQuery } from '../queries/projection-status';
import { QueueStats } from '../queries/queue-stats';

const principal = () => requestContext.current()?.principal ?? null;

/** The operations console: queues, jobs, the event log and read models. Thin: validate, dispatch, map. */
@Controller()
export class ConsoleController {
  constructor(
    private readonly stats: QueueStats,
    private readonly queueActions: QueueActions,
    private readonly search: JobSearch,
    private readonly jobs: JobActions,
    private readonly commands: CommandBus,
    private readonly events: EventBrowser,
    private readonly projections: ProjectionStatusQuery,
    private readonly rebuilds: ProjectionRebuilds,
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
    return this.queueActions.pause(params.name as QueueName);
  }

  @Endpoint(operations.resumeQueue)
  resume(@Input() { params }: CallInput<typeof operations.resumeQueue>) {
    return this.queueActions.resume(params.name as QueueName);
  }

  @Endpoint(operations.cleanQueue)
  clean(@Input() { params, body }: CallInput<typeof operations.cleanQueue>) {
    return this.queueActions.clean(params.name as QueueName, body.state, body.ageMs);
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
    return this.jobs.retry(params.runId);
  }

  @Endpoint(operations.promoteJob)
  promote(@Input() { params }: CallInput<typeof operations.promoteJob>) {
    return this.jobs.promote(params.runId);
  }

  @Endpoint(operations.removeJob)
  remove(@Input() { params }: CallInput<typeof operations.removeJob>) {
    return this.jobs.remove(params.runId);
  }

  @Endpoint(operations.cancelJob)
  cancel(@Input() { params }: CallInput<typeof operations.cancelJob>) {
    return this.commands.execute(new CancelJobRun(principal(), params.runId));
  }

  @Endpoint(operations.retryFailedJobs)
  async retryFailed(@Input() { query }: CallInput<typeof operations.retryFailedJobs>) {
    return { retried: await this.jobs.retryFailed(query) };
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
    return this.rebuilds.request(principal(), params.name);
  }
}
