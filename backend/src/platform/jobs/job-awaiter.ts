import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import {
  JobCanceled,
  JobCompleted,
  JobFailed,
  JOBS,
  type JobName,
  type JobOwner,
  type JobPayload,
  type JobResult,
} from '@sparkhouse/contracts';
import { JobRequests, jobStreamId } from './job-requests';

/** How a run ended, as far as a caller that waited for it knows. */
export type JobOutcome<N extends JobName> =
  | { status: 'completed'; runId: string; result: JobResult<N> }
  | { status: 'failed'; runId: string; reason: string }
  | { status: 'canceled'; runId: string; reason: string }
  /** The deadline passed first; the run goes on and its outcome is still recorded (job_run, pushes). */
  | { status: 'timed-out'; runId: string };

export interface AwaitOptions {
  /** Longest wait, from the call. */
  timeoutMs: number;
  /** Stop waiting early (e.g. the HTTP client went away); answers 'timed-out'. */
  signal?: AbortSignal;
}

const FIRST_POLL_MS = 20;
const MAX_POLL_MS = 250;

/**
 * For HTTP calls that answer with a job's result (quick AI work such as blueprint help or editor
 * suggestions): request a job, then wait for its terminal fact in the run's event stream, with a
 * deadline. The stream is the source of truth (no projection lag), it is the same on every node,
 * and one indexed lookup per poll is cheap; polls start at 20 ms and back off to 250 ms.
 */
@Injectable()
export class JobAwaiter {
  constructor(
    private readonly orm: Database,
    private readonly requests: JobRequests,
  ) {}

  /** Requests the job in a transaction of its own, then waits for it. */
  async requestAndAwait<N extends JobName>(
    name: N,
    owner: JobOwner,
    payload: JobPayload<N>,
    options: AwaitOptions,
  ): Promise<JobOutcome<N>> {
    const started = Date.now();
    const runId = await this.orm.em.fork().transactional((tem) => this.requests.request(tem, name, owner, payload));
    return this.awaitRun(name, runId, { ...options, timeoutMs: Math.max(0, options.timeoutMs - (Date.now() - started)) });
  }

  /** Waits for a run requested elsewhere (e.g. by a command that also appended its own events). */
  async awaitRun<N extends JobName>(name: N, runId: string, { timeoutMs, signal }: AwaitOptions): Promise<JobOutcome<N>> {
    const deadline = Date.now() + timeoutMs;
    let wait = FIRST_POLL_MS;
    for (;;) {
      const outcome = await this.outcome(name, runId);
      if (outcome) return outcome;
      const left = deadline - Date.now();
      if (left <= 0 || signal?.aborted) return { status: 'timed-out', runId };
      await sleep(Math.min(wait, left), signal);
      wait = Math.min(Math.round(wait * 1.5), MAX_POLL_MS);
    }
  }

  /**
   * The run's outcome when it has finished, else null. A plain query on the shared connection: no
   * Db is forked per poll (200 callers waiting at once would fork hundreds a second, each
   * dropped after one query).
   */
  async outcome<N extends JobName>(name: N, runId: string): Promise<JobOutcome<N> | null> {
    const rows = await this.orm.em
      .getConnection()
      .execute<{ type: string; payload: Record<string, unknown> }[]>(
        `select type, payload from domain_event where stream_id = ? and type in (?, ?, ?) order by stream_version limit 1`,
        [jobStreamId(runId), JobCompleted.type, JobFailed.type, JobCanceled.type],
      );
    const row = rows[0];
    if (!row) return null;
    if (row.type === JobCompleted.type) {
      return { status: 'completed', runId, result: JOBS[name].result.parse(row.payload.result) as JobResult<N> };
    }
    const reason = String(row.payload.reason ?? '');
    return row.type === JobFailed.type ? { status: 'failed', runId, reason } : { status: 'canceled', runId, reason };
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
