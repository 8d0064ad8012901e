import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { QueueResumed, type QueueName } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { queueStream } from '../infra/streams';

/** Resume a paused queue; recorded in the queue's stream (who did it, when). */
export class ResumeQueue {
  constructor(readonly name: QueueName) {}
}

@CommandHandler(ResumeQueue)
export class ResumeQueueHandler implements ICommandHandler<ResumeQueue, { name: QueueName; paused: boolean }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly queues: JobQueues,
  ) {}

  async execute({ name }: ResumeQueue) {
    await this.queues.queue(name).resume();
    await this.orm.em
      .fork()
      .transactional((tem) => this.events.append(tem, queueStream(name), [{ type: QueueResumed.type, payload: { queue: name } }]));
    return { name, paused: false };
  }
}
