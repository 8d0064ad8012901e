import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { QueuePaused, type QueueName } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { queueStream } from '../infra/streams';

/** Pause a queue (its workers take no new job); recorded in the queue's stream (who did it, when). */
export class PauseQueue {
  constructor(readonly name: QueueName) {}
}

@CommandHandler(PauseQueue)
export class PauseQueueHandler implements ICommandHandler<PauseQueue, { name: QueueName; paused: boolean }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly queues: JobQueues,
  ) {}

  async execute({ name }: PauseQueue) {
    await this.queues.queue(name).pause();
    await this.orm.em
      .fork()
      .transactional((tem) => this.events.append(tem, queueStream(name), [{ type: QueuePaused.type, payload: { queue: name } }]));
    return { name, paused: true };
  }
}
