import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { JobName } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { Database } from '../../../platform/database/database';
import { rows } from '../../../platform/database/sql';
import { JobLifecycle } from '../../../platform/jobs/job-lifecycle';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { OneNodeRounds } from '../../../platform/jobs/one-node-rounds';
import { RedisConnections } from '../../../platform/jobs/redis-connections';

/** Why a run the reconciler found is failed (the console shows it; Retry runs it again). */
export const LOST_JOB_REASON =
  'Its job was lost from the queue (the queue data was lost, e.g. Redis restarted without its data). Retry it to run it again.';
/** Runs looked at per round (the oldest first); the next round takes the rest. */
const BATCH = 500;

interface Candidate {
  run_id: string;
  name: string;
  queue: string;
  owner_id: string;
  subject_id: string | null;
  attempts: number;
}

/**
 * Nothing stays stuck when queue data is lost anyway: every JOBS_RECONCILE_MS one API node (a Redis lock
 * per round) looks at the runs the job-runs read model still shows queued or running, whose job the
 * dispatcher has enqueued (its checkpoint is past the run's every fact) and which have been quiet for
 * JOBS_LOST_AFTER_MS, and records those whose BullMQ job no longer exists as failed, with a reason that
 * says so: operators can retry them, and whatever waits for the run (a creator's build slot) is freed.
 * A run that finished meanwhile is left alone (JobLifecycle appends a terminal fact at most once).
 */
@Injectable()
export class JobRunReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('JobRunReconciler');
  private readonly rounds: OneNodeRounds;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: Database,
    private readonly queues: JobQueues,
    private readonly lifecycle: JobLifecycle,
    redis: RedisConnections,
  ) {
    this.rounds = new OneNodeRounds(redis, {
      key: `${config.REDIS_PREFIX}:jobs:reconcile-round`,
      everyMs: config.JOBS_RECONCILE_MS,
      work: async () => {
        const failed = await this.reconcile();
        if (failed > 0) this.logger.warn(`${failed} run(s) whose job was lost from its queue recorded as failed`);
      },
      failed: (err) => this.logger.error({ err }, 'reconciling job runs with their queues failed'),
    });
  }

  onApplicationBootstrap() {
    if (this.config.RUN_PROJECTIONS) this.rounds.start(); // API processes reconcile; workers do not
  }

  async onApplicationShutdown() {
    await this.rounds.stop();
  }

  /** One round: answers how many runs were recorded as failed. */
  async reconcile(): Promise<number> {
    const candidates = await rows<Candidate>(
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
    let failed = 0;
    for (const run of candidates) {
      if (await this.queues.queue(run.queue as never).getJob(run.run_id)) continue;
      const recorded = await this.lifecycle.failed(
        {
          runId: run.run_id,
          name: run.name as JobName,
          owner: { ownerId: run.owner_id, ...(run.subject_id ? { subjectId: run.subject_id } : {}) },
        },
        run.attempts,
        LOST_JOB_REASON,
      );
      if (recorded) failed += 1;
    }
    return failed;
  }
}
