import { Injectable } from '@nestjs/common';
import { QUEUES, type AlertRule, type QueueName } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { rows } from '../../../platform/database/sql';
import { JobQueues } from '../../../platform/jobs/job-queues';

/** What an alert rule measures now: jobs waiting (BullMQ), or the percentage of finished runs that failed (job_run). */
@Injectable()
export class AlertMeasures {
  constructor(
    private readonly orm: Database,
    private readonly queues: JobQueues,
  ) {}

  async measure(rule: AlertRule): Promise<number> {
    const names = rule.queue ? [rule.queue as QueueName] : (Object.values(QUEUES) as QueueName[]);
    if (rule.kind === 'backlog') {
      const counts = await Promise.all(names.map((n) => this.queues.queue(n).getJobCounts('waiting', 'prioritized')));
      return counts.reduce((sum, c) => sum + (c.waiting ?? 0) + (c.prioritized ?? 0), 0);
    }
    const [r] = await rows<{ finished: number; failed: number }>(
      this.orm.em.fork(),
      `select count(*)::int as finished, count(*) filter (where status = 'failed')::int as failed from job_run
        where finished_at > now() - (? * interval '1 minute') and status in ('completed', 'failed')
          ${rule.queue ? 'and queue = ?' : ''}`,
      rule.queue ? [rule.forMinutes, rule.queue] : [rule.forMinutes],
    );
    return r.finished === 0 ? 0 : Math.round((r.failed / r.finished) * 1000) / 10;
  }
}
