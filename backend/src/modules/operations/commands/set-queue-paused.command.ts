import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { QueuePaused, QueueResumed, type QueueName } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { queueStream } from '../infra/streams';

/**
 * Pause a queue (its workers take no new job) or resume it; recorded in the queue's stream (who did
 * it, when).
 */
export class SetQueuePaused {
  constructor(
    readonly name: QueueName,
    readonly paused: boolean,
  ) {}
}

@CommandHandler(SetQueuePaused)
export class SetQueuePausedHandler implements ICommandHandler<SetQueuePaused, { name: QueueName; paused: boolean }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly queues: JobQueues,
  ) {}

  async execute({ name, paused }: SetQueuePaused) {
    const queue = this.queues.queue(name);
    await (paused ? queue.pause() : queue.resume());
    const fact = { type: paused ? QueuePaused.type : QueueResumed.type, payload: { queue: name } };
    await this.orm.em.fork().transactional((tem) => this.events.append(tem, queueStream(name), [fact]));
    return { name, paused };
  }
}
