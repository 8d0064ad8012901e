import { Injectable } from '@nestjs/common';
import { JobCanceled, JobCompleted, JobFailed, SERVER_EVENTS, type EventPayload, type StoredEvent } from '@sparkhouse/contracts';
import { Subscribes, type Reactor } from '../events/subscribers';
import { RealtimePublisher } from '../realtime/realtime-publisher';

/**
 * Pushes a run's end (completed with its result, failed with its reason, canceled) to its owner,
 * from the event log: delivered at least once even if the worker died right after committing.
 */
@Subscribes()
@Injectable()
export class JobPushReactor implements Reactor {
  readonly kind = 'reactor';
  readonly name = 'platform.job-push';
  readonly handles = [JobCompleted.type, JobFailed.type, JobCanceled.type];

  constructor(private readonly publisher: RealtimePublisher) {}

  async handle(events: StoredEvent[]): Promise<void> {
    for (const e of events) {
      const at = e.metadata.occurredAt;
      if (e.type === JobCompleted.type) {
        const p = e.payload as EventPayload<typeof JobCompleted>;
        this.publisher.toJobAudience(p.owner.ownerId, p.runId, SERVER_EVENTS.jobCompleted, {
          runId: p.runId,
          name: p.name,
          subjectId: p.owner.subjectId ?? null,
          result: p.result,
          at,
        });
      } else if (e.type === JobFailed.type) {
        const p = e.payload as EventPayload<typeof JobFailed>;
        this.publisher.toJobAudience(p.owner.ownerId, p.runId, SERVER_EVENTS.jobFailed, {
          runId: p.runId,
          name: p.name,
          subjectId: p.owner.subjectId ?? null,
          reason: p.reason,
          at,
        });
      } else {
        const p = e.payload as EventPayload<typeof JobCanceled>;
        this.publisher.toJobAudience(p.owner.ownerId, p.runId, SERVER_EVENTS.jobCanceled, {
          runId: p.runId,
          name: p.name,
          subjectId: p.owner.subjectId ?? null,
          at,
        });
      }
    }
  }
}
