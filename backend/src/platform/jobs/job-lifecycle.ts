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

  async isFinished(runId: string): Promise<boolean> {
    const stream = await this.events.readStream(this.orm.em.fork(), jobStreamId(runId));
    return stream.some((e) => TERMINAL.has(e.type));
  }

  started(env: JobEnvelope, attempt: number, workerId: string) {
    return this.appendUnlessFinished(env.runId, [{ type: JobStarted.type, payload: { runId: env.runId, attempt, workerId } }]);
  }

  progressed(env: JobEnvelope, p: { percent: number; step: string; message: string }) {
    return this.appendUnlessFinished(env.runId, [{ type: JobProgressed.type, payload: { runId: env.runId, ...p } }]);
  }

  attemptFailed(env: JobEnvelope, attempt: number, reason: string, retryInMs: number) {
    return this.appendUnlessFinished(env.runId, [
      { type: JobAttemptFailed.type, payload: { runId: env.runId, attempt, reason, retryInMs } },
    ]);
  }

  requeued(env: JobEnvelope, reason: string) {
    return this.appendUnlessFinished(env.runId, [{ type: JobRequeued.type, payload: { runId: env.runId, reason } }]);
  }

  completed(env: JobEnvelope, result: unknown) {
    return this.appendUnlessFinished(env.runId, [
      { type: JobCompleted.type, payload: { runId: env.runId, name: env.name, owner: env.owner, result } },
    ]);
  }

  failed(env: JobEnvelope, attempts: number, reason: string) {
    return this.appendUnlessFinished(env.runId, [
      { type: JobFailed.type, payload: { runId: env.runId, name: env.name, owner: env.owner, attempts, reason } },
    ]);
  }

  canceled(env: Pick<JobEnvelope, 'runId' | 'name' | 'owner'>, reason: string) {
    return this.appendUnlessFinished(env.runId, [
      { type: JobCanceled.type, payload: { runId: env.runId, name: env.name, owner: env.owner, reason } },
    ]);
  }

  /** Answers false when the run had already finished and nothing was appended. */
  private async appendUnlessFinished(runId: string, events: NewEvent[]): Promise<boolean> {
    const streamId = jobStreamId(runId);
    return this.orm.em.fork().transactional(async (tem) => {
      await tem
        .getConnection()
        .execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`stream:${streamId}`], 'run', tem.getTransactionContext());
      const stream = await this.events.readStream(tem, streamId);
      if (stream.some((e) => TERMINAL.has(e.type))) return false;
      await this.events.append(tem, streamId, events, { expectedVersion: stream.length });
      return true;
    });
  }
}
