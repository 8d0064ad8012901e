import { Injectable } from '@nestjs/common';
import {
  JobCanceled,
  JobCompleted,
  JobFailed,
  JobRequested,
  JobRetryRequested,
  JobStarted,
  SERVER_EVENTS,
  type DomainEvent,
  type JobRunStatus,
} from '@sparkhouse/contracts';
import { Subscribes, type Reactor } from '../../../platform/events/subscribers';
import { RealtimePublisher } from '../../../platform/realtime/realtime-publisher';

type LifecycleEvent = 'JobRequested' | 'JobRetryRequested' | 'JobStarted' | 'JobCompleted' | 'JobFailed' | 'JobCanceled';

const STATUS: Record<LifecycleEvent, JobRunStatus> = {
  [JobRequested.type]: 'queued',
  [JobRetryRequested.type]: 'queued',
  [JobStarted.type]: 'running',
  [JobCompleted.type]: 'completed',
  [JobFailed.type]: 'failed',
  [JobCanceled.type]: 'canceled',
};

/**
 * Tells connected operators when runs change state, so the console's job table and pages follow live:
 * the changes of one delivered batch go in one message (a busy pipeline changes thousands of runs a
 * second; a message each would cost every API node a Redis message to decode per change).
 */
@Subscribes()
@Injectable()
export class OpsJobPushReactor implements Reactor<LifecycleEvent> {
  readonly kind = 'reactor';
  readonly name = 'operations.job-push';
  readonly handles = Object.keys(STATUS) as LifecycleEvent[];

  constructor(private readonly publisher: RealtimePublisher) {}

  async handle(events: DomainEvent<LifecycleEvent>[]): Promise<void> {
    if (events.length === 0) return;
    const runs = events.map(({ type, payload: p, metadata }) => ({
      runId: p.runId,
      name: p.name ?? '',
      queue: 'queue' in p ? p.queue : '',
      status: STATUS[type],
      at: metadata.occurredAt,
    }));
    this.publisher.toOperators(SERVER_EVENTS.opsJobs, { runs });
  }
}
