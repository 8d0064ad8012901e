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

/** Tells connected operators when a run changes state, so the console's job table and pages follow live. */
@Subscribes()
@Injectable()
export class OpsJobPushReactor implements Reactor<LifecycleEvent> {
  readonly kind = 'reactor';
  readonly name = 'operations.job-push';
  readonly handles = Object.keys(STATUS) as LifecycleEvent[];

  constructor(private readonly publisher: RealtimePublisher) {}

  async handle(events: DomainEvent<LifecycleEvent>[]): Promise<void> {
    for (const e of events) {
      const p = e.payload;
      this.publisher.toOperators(SERVER_EVENTS.opsJob, {
        runId: p.runId,
        name: p.name ?? '',
        queue: 'queue' in p ? p.queue : '',
        status: STATUS[e.type],
        at: e.metadata.occurredAt,
      });
    }
  }
}
