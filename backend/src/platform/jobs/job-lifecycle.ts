import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import {
  JobAttemptFailed,
  JobCanceled,
  JobCompleted,
  JobFailed,
  JobProgressed,
  JobRequeued,
  JobStarted,
  type JobEnvelope,
  type EventMetadata,
  type NewEvent,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { EventStore } from '../events/event-store';
import { currentMetadata } from '../events/event-records';
import { jobStreamId } from './job-requests';
import { jobRunModel } from './job-run-model';
import { NOTHING_UNSTORED, type Unstored } from './progress-buffer';

export { isRunFinished, jobRunModel } from './job-run-model';

/** Lifecycle facts of different runs written together in one transaction at most (a worker's runs at once). */
const MAX_BATCH = 200;

interface Pending {
  runId: string;
  /** null: a question, whether the run may start (it has not finished); nothing is appended. */
  events: NewEvent[] | null;
  /** Set by the decision: whether the run had finished. */
  finished?: boolean;
  /** Taken when the fact is reported (the batch is written in another caller's context). */
  metadata: EventMetadata;
  resolve: (appended: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * Records a run's lifecycle as events in its stream. Terminal facts are appended at most once: the
 * decision is taken on the run's snapshot and taken again when another fact was appended meanwhile, so
 * a run that already finished is left alone (a redelivered job, or a cancel racing a completion, cannot
 * finish it twice), and a run with thousands of progress reports costs what a new one does.
 *
 * A worker holds many runs at once: their facts are written together (group commit). The first fact
 * is written at once; the facts that arrive while a write is in flight go together in the next one:
 * their runs read in one statement and their facts appended in another, each committing on its own
 * (EventStore.decideManyAlone: no transaction around them, two round trips instead of four). A fact
 * waits for at most one write before its own; each caller hears whether its own fact was appended.
 */
@Injectable()
export class JobLifecycle {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  /**
   * Answers false when the run already finished (a redelivered job): the worker then skips it. Reads
   * only (in the group of the facts being written): the start itself is stored with the run's next
   * facts (see ProgressBuffer).
   */
  mayStart(env: JobEnvelope): Promise<boolean> {
    return this.appendUnlessFinished(env.runId, null);
  }

  /**
   * Stores a run's start and progress reports. Workers buffer them and store them in batches (see
   * ProgressBuffer), or together with the run's next lifecycle fact: one commit instead of one per report.
   */
  progressed(env: JobEnvelope, unstored: Unstored) {
    return this.appendUnlessFinished(env.runId, unstoredEvents(env, unstored));
  }

  attemptFailed(
    env: JobEnvelope,
    attempt: number,
    reason: string,
    retryInMs: number,
    unstored: Unstored = NOTHING_UNSTORED,
    stack?: string,
  ) {
    return this.appendUnlessFinished(env.runId, [
      ...unstoredEvents(env, unstored),
      {
        type: JobAttemptFailed.type,
        payload: { runId: env.runId, name: env.name, attempt, reason, retryInMs, ...stackField(stack) },
      },
    ]);
  }

  requeued(env: JobEnvelope, reason: string, unstored: Unstored = NOTHING_UNSTORED) {
    return this.appendUnlessFinished(env.runId, [
      ...unstoredEvents(env, unstored),
      { type: JobRequeued.type, payload: { runId: env.runId, name: env.name, reason } },
    ]);
  }

  /**
   * The start and the reports not stored yet go in the completion itself (see JobCompleted): one event
   * for the run's end.
   */
  completed(env: JobEnvelope, result: unknown, { started, reports }: Unstored = NOTHING_UNSTORED) {
    const carried = { ...(started ? { started } : {}), ...(reports.length > 0 ? { progress: reports } : {}) };
    return this.appendUnlessFinished(env.runId, [
      { type: JobCompleted.type, payload: { runId: env.runId, name: env.name, owner: env.owner, result, ...carried } },
    ]);
  }

  failed(
    env: Pick<JobEnvelope, 'runId' | 'name' | 'owner'>,
    attempts: number,
    reason: string,
    unstored: Unstored = NOTHING_UNSTORED,
    stack?: string,
  ) {
    return this.appendUnlessFinished(env.runId, [
      ...unstoredEvents(env, unstored),
      {
        type: JobFailed.type,
        payload: { runId: env.runId, name: env.name, owner: env.owner, attempts, reason, ...stackField(stack) },
      },
    ]);
  }

  canceled(env: Pick<JobEnvelope, 'runId' | 'name' | 'owner'>, reason: string, unstored: Unstored = NOTHING_UNSTORED) {
    return this.appendUnlessFinished(env.runId, [
      ...unstoredEvents(env, unstored),
      { type: JobCanceled.type, payload: { runId: env.runId, name: env.name, owner: env.owner, reason } },
    ]);
  }

  private queue: Pending[] = [];
  private writing: Promise<void> | null = null;

  /**
   * Answers false when the run had already finished and nothing was appended (with `events` null, only
   * asks: true when the run has not finished).
   */
  private appendUnlessFinished(runId: string, events: NewEvent[] | null): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ runId, events, metadata: currentMetadata(), resolve, reject });
      this.writing ??= this.writeAll();
    });
  }

  /**
   * Writes until nothing is queued, and stops in the very turn it finds the queue empty: a caller that
   * the last write resumed and that reports again at once starts the next write. (Stopped a turn later,
   * as by a `.finally`, it would leave that report queued until some other report came.)
   */
  private async writeAll() {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        let appended: (StoredEvent[] | null)[];
        try {
          appended = await this.events.decideManyAlone(
            this.orm.em.fork(),
            jobRunModel,
            batch.map((p) => ({
              streamId: jobStreamId(p.runId),
              decide: (run) => {
                p.finished = run?.finished ?? false;
                return p.finished ? null : p.events;
              },
              metadata: p.metadata,
            })),
          );
        } catch {
          // one run's trouble must not fail the others (and nothing of the batch was written): each on its own
          appended = batch.map(() => null);
        }
        batch.forEach((p, i) => {
          if (appended[i]) p.resolve(p.events === null ? !p.finished : appended[i].length > 0);
        });
        // decided on its own: a run another writer moved meanwhile (a cancel racing a report), or every run
        // of a batch that failed
        const alone = batch.filter((_, i) => !appended[i]);
        const outcomes = await Promise.allSettled(alone.map((p) => this.appendAlone(p)));
        outcomes.forEach((o, i) => (o.status === 'fulfilled' ? alone[i].resolve(o.value) : alone[i].reject(o.reason)));
      }
    } finally {
      this.writing = null;
    }
  }

  private async appendAlone({ runId, events, metadata }: Pending): Promise<boolean> {
    if (events === null) {
      const { state } = await this.events.load(this.orm.em.fork(), jobStreamId(runId), jobRunModel);
      return !state?.finished;
    }
    const { appended } = await this.orm.em
      .fork()
      .transactional((tem) =>
        this.events.decide(tem, jobStreamId(runId), jobRunModel, (run) => (run?.finished ? null : events), metadata),
      );
    return appended.length > 0;
  }
}

/** A run's start and reports not stored yet, as the facts they are. */
const unstoredEvents = (env: Pick<JobEnvelope, 'runId' | 'name'>, { started, reports }: Unstored): NewEvent[] => [
  ...(started ? [{ type: JobStarted.type, payload: { runId: env.runId, name: env.name, ...started } }] : []),
  ...reports.map((p) => ({ type: JobProgressed.type, payload: { runId: env.runId, name: env.name, ...p } })),
];

/** Stacks are kept for operators, bounded. */
const stackField = (stack: string | undefined) => (stack ? { stack: stack.slice(0, 8000) } : {});
