import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { Database } from '../../../platform/database/database';
import { rows } from '../../../platform/database/sql';

export interface QuietJobRun {
  run_id: string;
  name: string;
  queue: string;
  owner_id: string;
  subject_id: string | null;
  attempts: number;
  /** The run's place in the order of open runs (its request time as PostgreSQL wrote it, then its id). */
  requested_at: string;
}

/** Where a page of open runs starts: after this run (see QuietJobRun), or at the oldest. */
export type OpenRunsCursor = Pick<QuietJobRun, 'requested_at' | 'run_id'> | null;

/**
 * Runs the job-runs read model still shows queued or running, whose job the dispatcher has enqueued
 * (its checkpoint is past the run's every fact) and which have been quiet for JOBS_LOST_AFTER_MS: the
 * ones whose job may have been lost from its queue. A page of at most `limit`, oldest request first,
 * after `after`: the open runs are read in request order through their own index, and the reading stops
 * once the page is full, however many runs wait.
 */
@Injectable()
export class QuietJobRuns {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: Database,
  ) {}

  async page(after: OpenRunsCursor, limit: number): Promise<QuietJobRun[]> {
    const quietSecs = this.config.JOBS_LOST_AFTER_MS / 1000;
    return rows<QuietJobRun>(
      this.orm.em.fork(),
      `select r.run_id::text, r.name, r.queue, r.owner_id, r.subject_id, r.attempts, r.requested_at::text
         from job_run r
         cross join lateral (
           select e.recorded_at, e.transaction_id, e.position from domain_event e
            where e.stream_id = 'job-' || r.run_id::text
            order by e.stream_version desc limit 1
         ) last
         join event_checkpoint c on c.subscriber = 'platform.job-dispatcher'
        where r.status in ('queued', 'running')
          and (r.requested_at, r.run_id) > (?::timestamptz, ?::uuid)
          and r.requested_at < now() - make_interval(secs => ?)
          and last.recorded_at < now() - make_interval(secs => ?)
          and (last.transaction_id, last.position) <= (c.transaction_id, c.position)
        order by r.requested_at, r.run_id
        limit ?`,
      [after?.requested_at ?? '-infinity', after?.run_id ?? '00000000-0000-0000-0000-000000000000', quietSecs, quietSecs, limit],
    );
  }
}
