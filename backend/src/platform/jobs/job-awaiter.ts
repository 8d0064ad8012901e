import { Injectable, Logger } from '@nestjs/common';
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

/** How often the runs being waited for are looked up, all of them in one query. */
const POLL_MS = 40;

/** One caller waiting for one run. */
interface Waiter {
  name: JobName;
  settle(outcome: JobOutcome<JobName>): void;
  /** The run's fact could not be read as its outcome (a result its schema refuses). */
  fail(err: unknown): void;
}

/** A finished run's terminal fact, as read from its stream. */
interface TerminalFact {
  type: string;
  payload: Record<string, unknown>;
}

/**
 * For HTTP calls that answer with a job's result (quick AI work such as blueprint help or editor
 * suggestions): request a job, then wait for its terminal fact in the run's event stream, with a
 * deadline. The stream is the source of truth (no projection lag) and the same on every node. One
 * loop per process looks up every run being waited for in a single indexed query every 40 ms, so 200
 * callers waiting at once cost one query per round, not 200 (and no Db is forked per look-up).
 */
@Injectable()
export class JobAwaiter {
  private readonly waiting = new Map<string, Set<Waiter>>();
  private polling: Promise<void> | null = null;
  private readonly logger = new Logger('JobAwaiter');

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
    if (timeoutMs <= 0 || signal?.aborted) {
      return (await this.outcome(name, runId)) ?? { status: 'timed-out', runId };
    }
    return new Promise<JobOutcome<N>>((resolve, reject) => {
      let done = false;
      const leave = () => {
        done = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', gaveUp);
        const waiters = this.waiting.get(runId);
        waiters?.delete(waiter);
        if (waiters?.size === 0) this.waiting.delete(runId);
      };
      const waiter: Waiter = {
        name,
        settle: (outcome) => {
          if (done) return;
          leave();
          resolve(outcome as JobOutcome<N>);
        },
        fail: (err) => {
          if (done) return;
          leave();
          reject(err);
        },
      };
      const gaveUp = () => waiter.settle({ status: 'timed-out', runId });
      const timer = setTimeout(gaveUp, timeoutMs);
      signal?.addEventListener('abort', gaveUp, { once: true });
      const waiters = this.waiting.get(runId) ?? new Set<Waiter>();
      waiters.add(waiter);
      this.waiting.set(runId, waiters);
      this.startPolling();
    });
  }

  /** The run's outcome when it has finished, else null. */
  async outcome<N extends JobName>(name: N, runId: string): Promise<JobOutcome<N> | null> {
    const fact = (await this.terminalFacts([runId])).get(runId);
    return fact ? outcomeOf(name, runId, fact) : null;
  }

  private startPolling() {
    this.polling ??= this.poll().finally(() => {
      this.polling = null;
      if (this.waiting.size > 0) this.startPolling(); // a caller came while the loop was ending
    });
  }

  private async poll() {
    while (this.waiting.size > 0) {
      try {
        const facts = await this.terminalFacts([...this.waiting.keys()]);
        for (const [runId, fact] of facts) {
          for (const waiter of [...(this.waiting.get(runId) ?? [])]) {
            try {
              waiter.settle(outcomeOf(waiter.name, runId, fact));
            } catch (err) {
              waiter.fail(err);
            }
          }
        }
      } catch (err) {
        // the callers' deadlines still hold; the next round tries again
        this.logger.warn({ err }, 'could not look up the runs being waited for');
      }
      if (this.waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /**
   * The terminal fact of each of these runs that has one, in one query on the shared connection (the
   * first terminal fact of a stream is its outcome).
   */
  private async terminalFacts(runIds: string[]): Promise<Map<string, TerminalFact>> {
    const rows = await this.orm.em
      .getConnection()
      .execute<{ stream_id: string; type: string; payload: Record<string, unknown> }[]>(
        `select distinct on (stream_id) stream_id, type, payload from domain_event
          where stream_id = any(?::text[]) and type in (?, ?, ?)
          order by stream_id, stream_version`,
        [runIds.map(jobStreamId), JobCompleted.type, JobFailed.type, JobCanceled.type],
      );
    return new Map(rows.map((r) => [r.stream_id.slice(STREAM_PREFIX.length), { type: r.type, payload: r.payload }]));
  }
}

const STREAM_PREFIX = jobStreamId('');

function outcomeOf<N extends JobName>(name: N, runId: string, fact: TerminalFact): JobOutcome<N> {
  if (fact.type === JobCompleted.type) {
    return { status: 'completed', runId, result: JOBS[name].result.parse(fact.payload.result) as JobResult<N> };
  }
  const reason = String(fact.payload.reason ?? '');
  return fact.type === JobFailed.type ? { status: 'failed', runId, reason } : { status: 'canceled', runId, reason };
}
