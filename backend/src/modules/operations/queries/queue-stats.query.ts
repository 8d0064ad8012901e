import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import type { Queue } from 'bullmq';
import { JOB_NAMES, JOBS, QUEUES, type QueueName, type QueueOverview, type QueueSeriesPoint } from '@sparkhouse/contracts';
import { rows } from '../../../platform/database/sql';
import { JobQueues } from '../../../platform/jobs/job-queues';

const STATES = ['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized'] as const;

interface RunStats {
  queue: string;
  finished_5m: number;
  finished_1h: number;
  failed_1h: number;
}

/**
 * Every queue of contracts/jobs as operators see it: BullMQ's own counts and paused flag, and from
 * the job_run read model the throughput, failure rate and per-minute series for the charts.
 */
@Injectable()
export class QueueStats {
  constructor(
    private readonly orm: Database,
    private readonly queues: JobQueues,
  ) {}

  static readonly names = Object.values(QUEUES) as QueueName[];

  async overview(): Promise<{ queues: QueueOverview[]; at: string }> {
    const stats = await rows<RunStats>(
      this.orm.em.fork(),
      `select queue,
              count(*) filter (where finished_at > now() - interval '5 minutes')::int as finished_5m,
              count(*)::int as finished_1h,
              count(*) filter (where status = 'failed')::int as failed_1h
         from job_run
        where finished_at > now() - interval '1 hour' and status in ('completed', 'failed')
        group by queue`,
    );
    const byQueue = new Map(stats.map((s) => [s.queue, s]));
    const queues = await Promise.all(
      QueueStats.names.map(async (name) => {
        const queue = this.queues.queue(name);
        const [counts, paused, oldest] = await Promise.all([
          queue.getJobCounts(...STATES),
          queue.isPaused(),
          this.oldestWaiting(queue),
        ]);
        const s = byQueue.get(name);
        return {
          name,
          paused,
          counts: {
            waiting: counts.waiting ?? 0,
            active: counts.active ?? 0,
            completed: counts.completed ?? 0,
            failed: counts.failed ?? 0,
            delayed: counts.delayed ?? 0,
            prioritized: counts.prioritized ?? 0,
          },
          throughput: Math.round(((s?.finished_5m ?? 0) / 5) * 10) / 10,
          failureRate: s && s.finished_1h > 0 ? Math.round((s.failed_1h / s.finished_1h) * 1000) / 1000 : 0,
          oldestWaitingAgeMs: oldest === null ? 0 : Math.max(0, Date.now() - oldest),
          jobNames: JOB_NAMES.filter((n) => JOBS[n].queue === name),
        };
      }),
    );
    return { queues, at: new Date().toISOString() };
  }

  /** Timestamp of the job that has waited longest (BullMQ keeps the wait list newest first). */
  private async oldestWaiting(queue: Queue): Promise<number | null> {
    const [job] = await queue.getJobs(['wait', 'prioritized'], 0, 0, true);
    return job?.timestamp ?? null;
  }

  /** Per-minute points over the last `minutes`, every minute present (zeros where nothing finished). */
  async series(minutes: number, queue?: string): Promise<QueueSeriesPoint[]> {
    const found = await rows<{
      minute: Date;
      completed: number;
      failed: number;
      wait_p50: number | null;
      wait_p95: number | null;
      run_p50: number | null;
      run_p95: number | null;
    }>(
      this.orm.em.fork(),
      `with recent as (
         select date_trunc('minute', finished_at) as minute, status,
                extract(epoch from (started_at - requested_at)) * 1000 as wait_ms,
                extract(epoch from (finished_at - started_at)) * 1000 as run_ms
           from job_run
          where finished_at > date_trunc('minute', now()) - (? * interval '1 minute')
            and status in ('completed', 'failed') ${queue ? 'and queue = ?' : ''})
       select m.minute,
              count(r.status) filter (where r.status = 'completed')::int as completed,
              count(r.status) filter (where r.status = 'failed')::int as failed,
              percentile_cont(0.5) within group (order by r.wait_ms) as wait_p50,
              percentile_cont(0.95) within group (order by r.wait_ms) as wait_p95,
              percentile_cont(0.5) within group (order by r.run_ms) as run_p50,
              percentile_cont(0.95) within group (order by r.run_ms) as run_p95
         from generate_series(date_trunc('minute', now()) - ((? - 1) * interval '1 minute'), date_trunc('minute', now()),
                              interval '1 minute') as m(minute)
         left join recent r on r.minute = m.minute
        group by m.minute order by m.minute`,
      queue ? [minutes, queue, minutes] : [minutes, minutes],
    );
    const round = (v: number | null) => (v === null ? null : Math.round(Number(v)));
    return found.map((r) => ({
      at: new Date(r.minute).toISOString(),
      completed: r.completed,
      failed: r.failed,
      waitP50Ms: round(r.wait_p50),
      waitP95Ms: round(r.wait_p95),
      runP50Ms: round(r.run_p50),
      runP95Ms: round(r.run_p95),
    }));
  }
}
