import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Queue, Worker, type Job } from 'bullmq';
import { APP_CONFIG, MemberRemindersQueries, RedisConnections, SendMemberReminders, type AppConfig } from '@sparkhouse/backend';
import {
  QUEUES,
  REMINDER_JOBS,
  reminderBatchPayloadSchema,
  reminderRoundPayloadSchema,
  type ReminderItem,
} from '@sparkhouse/contracts';

/** Members per batch job: small enough that a worker killed mid-batch costs little, big enough to be cheap. */
export const REMINDER_BATCH = 250;

/** The minute a scheduled round is for: its job id is `repeat:<scheduler>:<millis>` (BullMQ job schedulers). */
export function roundMinute(job: Pick<Job, 'id' | 'data' | 'timestamp'>): Date {
  const given = reminderRoundPayloadSchema.parse(job.data ?? {}).minute;
  if (given) return new Date(given);
  const millis = Number(/^repeat:.+:(\d+)$/.exec(job.id ?? '')?.[1]);
  return new Date(Number.isFinite(millis) && millis > 0 ? millis : job.timestamp);
}

/**
 * The members' reminders, in the worker process: a BullMQ job scheduler fires a round every minute
 * (upserted at start, so every worker agrees on one); a round asks who is due (their slot's local time
 * has come, in their own time zone) and enqueues them in batches whose job ids name the minute and the
 * batch (a round run twice adds nothing); a batch emails them through the outbox, each (member, period)
 * once. A worker killed mid-batch leaves its job to BullMQ's stalled check: another worker runs it again
 * and the already-sent members are skipped. Visible in the operations console (/ops/queues).
 */
@Injectable()
export class MemberReminderRounds implements BeforeApplicationShutdown {
  private readonly logger = new Logger('MemberReminders');
  private worker: Worker | null = null;
  private queue: Queue | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisConnections,
    private readonly commands: CommandBus,
    private readonly due: MemberRemindersQueries,
  ) {}

  async start() {
    const connection = this.redis.dedicated('member-reminders');
    this.queue = new Queue(QUEUES.reminders, { connection: this.redis.producers(), prefix: this.redis.prefix });
    await this.queue.upsertJobScheduler(
      REMINDER_JOBS.scheduler,
      { pattern: '* * * * *' },
      { name: REMINDER_JOBS.round, data: {}, opts: { removeOnComplete: { count: 200 }, removeOnFail: { count: 500 } } },
    );
    this.worker = new Worker(QUEUES.reminders, (job) => this.process(job), {
      connection,
      prefix: this.redis.prefix,
      concurrency: Math.max(2, Math.min(8, this.config.WORKER_CONCURRENCY)),
      lockDuration: this.config.WORKER_LOCK_MS,
      stalledInterval: this.config.WORKER_STALLED_CHECK_MS,
      maxStalledCount: 5,
    });
    this.worker.on('error', (err) => this.logger.error({ err }, 'reminder worker error'));
    await this.worker.waitUntilReady();
  }

  private async process(job: Job): Promise<unknown> {
    if (job.name === REMINDER_JOBS.batch) {
      const { items } = reminderBatchPayloadSchema.parse(job.data);
      return this.commands.execute(new SendMemberReminders(items));
    }
    const minute = roundMinute(job);
    const due: ReminderItem[] = await this.due.due(minute);
    const stamp = minute.toISOString().slice(0, 16).replace(/[-:T]/g, '');
    const batches = [];
    for (let i = 0; i < due.length; i += REMINDER_BATCH) {
      batches.push({
        name: REMINDER_JOBS.batch,
        data: { minute: minute.toISOString(), items: due.slice(i, i + REMINDER_BATCH) },
        opts: {
          jobId: `reminders-${stamp}-${i / REMINDER_BATCH}`,
          attempts: 5,
          backoff: { type: 'exponential' as const, delay: 1000 },
          removeOnComplete: { age: 24 * 3600, count: 2000 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      });
    }
    if (batches.length > 0) await this.queue!.addBulk(batches);
    return { minute: minute.toISOString(), due: due.length, batches: batches.length };
  }

  async beforeApplicationShutdown() {
    await this.worker?.close();
    await this.queue?.close();
  }
}
