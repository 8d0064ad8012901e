import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { Database } from '../../../platform/database/database';
import { rows } from '../../../platform/database/sql';

/** Runs looked at per round (the oldest first); the next round takes the rest. */
const BATCH = 500;

export interface QuietJobRun {
  run_id: string;
  name: string;
  queue: string;
  owner_id: string;
  subject_id: string | null;
  attempts: number;
}

/**
 * Runs the job-runs read model still shows queued or running, whose job the dispatcher has enqueued
 * (its checkpoint is past the run's every fact) and which have been quiet for JOBS_LOST_AFTER_MS: the
 * ones whose job may have been lost from its queue.
 */
@Injectable()
export class QuietJobRuns {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: Database,
  ) {}

  async list(): Promise<QuietJobRun[]> {
    return rows<QuietJobRun>(
      this.orm.em.fork(),
      `select r.run_id::text, r.name, r.queue, r.owner_id, r.subject_id, r.attempts
         from job_run r
         cross join lateral (
           select e.recorded_at, e.transaction_id, e.position from domain_event e
            where e.stream_id = 'job-' || r.run_id::text
            order by e.transaction_id desc, e.position desc limit 1
         ) last
         join event_checkpoint c on c.subscriber = 'platform.job-dispatcher'
        where r.status in ('queued', 'running')
          and last.recorded_at < now() - make_interval(secs => ?)
          and (last.transaction_id, last.position) <= (c.transaction_id, c.position)
        order by r.requested_at
        limit ?`,
      [this.config.JOBS_LOST_AFTER_MS / 1000, BATCH],
    );
  }
}
