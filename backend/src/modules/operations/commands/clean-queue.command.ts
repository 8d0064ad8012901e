import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { QueueCleaned, type JobName, type QueueName } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { rows } from '../../../platform/database/sql';
import { EventStore } from '../../../platform/events/event-store';
import { JobLifecycle } from '../../../platform/jobs/job-lifecycle';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { ownerOf } from '../infra/queued-jobs';
import { queueStream } from '../infra/streams';

const CLEAN_LIMIT = 10_000;

/**
 * Remove a queue's jobs in one state older than ageMs (at most 10,000); recorded in the queue's stream.
 * Waiting or delayed jobs taken away will never run: their runs end as canceled.
 */
export class CleanQueue {
  constructor(
    readonly name: QueueName,
    readonly state: 'completed' | 'failed' | 'delayed' | 'wait',
    readonly ageMs: number,
  ) {}
}

@CommandHandler(CleanQueue)
export class CleanQueueHandler implements ICommandHandler<
  CleanQueue,
  { name: QueueName; state: CleanQueue['state']; removed: number }
> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly queues: JobQueues,
    private readonly lifecycle: JobLifecycle,
  ) {}

  async execute({ name, state, ageMs }: CleanQueue) {
    const removed = await this.queues.queue(name).clean(ageMs, CLEAN_LIMIT, state);
    if (state === 'wait' || state === 'delayed') await this.markRemoved(removed);
    await this.orm.em
      .fork()
      .transactional((tem) =>
        this.events.append(tem, queueStream(name), [
          { type: QueueCleaned.type, payload: { queue: name, state, olderThanMs: ageMs, removed: removed.length } },
        ]),
      );
    return { name, state, removed: removed.length };
  }

  /** Runs whose jobs were removed before they ran are recorded as canceled. */
  private async markRemoved(runIds: string[]): Promise<void> {
    if (runIds.length === 0) return;
    const found = await rows<{ run_id: string; name: string; owner_id: string; subject_id: string | null }>(
      this.orm.em.fork(),
      `select run_id, name, owner_id, subject_id from job_run where run_id = any(?::uuid[]) and status in ('queued', 'running')`,
      [`{${runIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id)).join(',')}}`],
    );
    for (const r of found) {
      await this.lifecycle.canceled(
        { runId: r.run_id, name: r.name as JobName, owner: ownerOf(r) },
        'Removed from its queue by an operator',
      );
    }
  }
}
