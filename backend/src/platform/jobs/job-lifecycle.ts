import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  JobAttemptFailed,
  JobCanceled,
  JobCompleted,
  JobFailed,
  JobProgressed,
  JobRequeued,
  JobStarted,
  type JobEnvelope,
  type JobProgress,
  type NewEvent,
} from '@sparkhouse/contracts';
import { EventStore } from '../events/event-store';
import { jobStreamId } from './job-requests';

const TERMINAL = new Set<string>([JobCompleted.type, JobFailed.type, JobCanceled.type]);

/**
 * Records a run's lifecycle as events in its stream. Terminal facts are appended at most once:
 * under the stream's lock, a run that already finished is left alone (a redelivered job, or a
 * cancel racing a completion, cannot finish it twice).
 */
@Injectable()
export class JobLifecycle {
  constructor(
    private readonly orm: MikroORM,
    private readonly events: EventStore,
  ) {}

  /** Answers false when the run already finished (a redelivered job): the worker then skips it. */
  started(env: JobEnvelope, attempt: number, workerId: string) {
    return this.appendUnlessFinished(env.runId, [{ type: JobStarted.type, payload: { runId: env.runId, attempt, workerId } }]);
  }

  /**
   * Stores progress reports. Workers buffer them and store them in batches (see ProgressBuffer), or
   * together with the run's next lifecycle fact: one commit instead of one per report.
   */
  progressed(env: JobEnvelope, reports: JobProgress[]) {
    return this.appendUnlessFinished(env.runId, progressEvents(env, reports));
  }

  attemptFailed(env: JobEnvelope, attempt: number, reason: string, retryInMs: number, reports: JobProgress[] = []) {
    return this.appendUnlessFinished(env.runId, [
      ...progressEvents(env, reports),
      { type: JobAttemptFailed.type, payload: { runId: env.runId, attempt, reason, retryInMs } },
    ]);
  }

  requeued(env: JobEnvelope, reason: string, reports: JobProgress[] = []) {
    return this.appendUnlessFinished(env.runId, [
      ...progressEvents(env, reports),
      { type: JobRequeued.type, payload: { runId: env.runId, reason } },
    ]);
  }

  completed(env: JobEnvelope, result: unknown, reports: JobProgress[] = []) {
    return this.appendUnlessFinished(env.runId, [
      ...progressEvents(env, reports),
      { type: JobCompleted.type, payload: { runId: env.runId, name: env.name, owner: env.owner, result } },
    ]);
  }

  failed(env: JobEnvelope, attempts: number, reason: string, reports: JobProgress[] = []) {
    return this.appendUnlessFinished(env.runId, [
      ...progressEvents(env, reports),
      { type: JobFailed.type, payload: { runId: env.runId, name: env.name, owner: env.owner, attempts, reason } },
    ]);
  }

  canceled(env: Pick<JobEnvelope, 'runId' | 'name' | 'owner'>, reason: string, reports: JobProgress[] = []) {
    return this.appendUnlessFinished(env.runId, [
      ...progressEvents(env, reports),
      { type: JobCanceled.type, payload: { runId: env.runId, name: env.name, owner: env.owner, reason } },
    ]);
  }

  /** Answers false when the run had already finished and nothing was appended. */
  private async appendUnlessFinished(runId: string, events: NewEvent[]): Promise<boolean> {
    const appended = await this.orm.em
      .fork()
      .transactional((tem) =>
        this.events.appendIf(tem, jobStreamId(runId), (stream) => (stream.some((e) => TERMINAL.has(e.type)) ? null : events)),
      );
    return appended !== null;
  }
}

const progressEvents = (env: Pick<JobEnvelope, 'runId'>, reports: JobProgress[]): NewEvent[] =>
  reports.map((p) => ({ type: JobProgressed.type, payload: { runId: env.runId, ...p } }));
