import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { JobName, QueueName } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { JobLifecycle } from '../../../platform/jobs/job-lifecycle';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { OneNodeRounds } from '../../../platform/jobs/one-node-rounds';
import { RedisConnections } from '../../../platform/jobs/redis-connections';
import { ownerOf } from '../infra/queued-jobs';
import { QuietJobRuns, type OpenRunsCursor } from '../queries/quiet-job-runs.query';

/** Why a run the reconciler found is failed (the console shows it; Retry runs it again). */
export const LOST_JOB_REASON =
  'Its job was lost from the queue (the queue data was lost, e.g. Redis restarted without its data). Retry it to run it again.';

/** Quiet runs looked at per round; the next round goes on after the last of them. */
const ROUND_SIZE = 500;

/**
 * A reaction to the clock: nothing stays stuck when queue data is lost anyway. Every JOBS_RECONCILE_MS
 * one API node (a Redis lock per round) looks at a page of the quiet runs (QuietJobRuns) and records
 * those whose BullMQ job no longer exists as failed, with a reason that says so: operators can retry
 * them, and whatever waits for the run (a creator's build slot) is freed. A run that finished meanwhile
 * is left alone (JobLifecycle appends a terminal fact at most once). Each round goes on after the last
 * run the node's previous round looked at, and starts over at the oldest after the end: a backlog longer
 * than a page (runs waiting for a stopped worker) is looked at in turn, not its oldest page again and again,
 * and a round costs a page whatever the backlog.
 */
@Injectable()
export class JobRunReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('JobRunReconciler');
  private readonly rounds: OneNodeRounds;
  private after: OpenRunsCursor = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly quiet: QuietJobRuns,
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

  /** One round (`size` quiet runs at most): answers how many runs were recorded as failed. */
  async reconcile(size = ROUND_SIZE): Promise<number> {
    const page = await this.quiet.page(this.after, size);
    this.after = page.length < size ? null : page[page.length - 1];
    let failed = 0;
    for (const run of page) {
      if (await this.queues.queue(run.queue as QueueName).getJob(run.run_id)) continue;
      const recorded = await this.lifecycle.failed(
        { runId: run.run_id, name: run.name as JobName, owner: ownerOf(run) },
        run.attempts,
        LOST_JOB_REASON,
      );
      if (recorded) failed += 1;
    }
    return failed;
  }
}
