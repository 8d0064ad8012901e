import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import { QueueCleaned, QueuePaused, QueueResumed, type QueueName } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { JobActions } from './job-actions';

const CLEAN_LIMIT = 10_000;
const queueStream = (name: string) => `queue-${name}`;

/** Pause, resume and clean a queue; each recorded in the queue's stream (who did it, when). */
@Injectable()
export class QueueActions {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly queues: JobQueues,
    private readonly jobs: JobActions,
  ) {}

  async pause(name: QueueName) {
    await this.queues.queue(name).pause();
    await this.record(name, { type: QueuePaused.type, payload: { queue: name } });
    return { name, paused: true };
  }

  async resume(name: QueueName) {
    await this.queues.queue(name).resume();
    await this.record(name, { type: QueueResumed.type, payload: { queue: name } });
    return { name, paused: false };
  }

  async clean(name: QueueName, state: 'completed' | 'failed' | 'delayed' | 'wait', ageMs: number) {
    const removed = await this.queues.queue(name).clean(ageMs, CLEAN_LIMIT, state);
    // waiting or delayed jobs taken away will never run: their runs end as canceled
    if (state === 'wait' || state === 'delayed') await this.jobs.markRemoved(removed);
    await this.record(name, {
      type: QueueCleaned.type,
      payload: { queue: name, state, olderThanMs: ageMs, removed: removed.length },
    });
    return { name, state, removed: removed.length };
  }

  private record(name: string, event: { type: string; payload: unknown }) {
    return this.orm.em.fork().transactional((tem) => this.events.append(tem, queueStream(name), [event as never]));
  }
}
