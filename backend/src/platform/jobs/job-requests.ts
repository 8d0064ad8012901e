import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Db } from '../database/database';
import { JOBS, JobRequested, plannedStepsOf, type JobName, type JobOwner, type JobPayload } from '@sparkhouse/contracts';
import { EventStore } from '../events/event-store';
import { jobRunModel } from './job-run-model';

export const jobStreamId = (runId: string) => `job-${runId}`;

/**
 * Asks for slow work from inside a command's transaction: appends JobRequested. The job dispatcher
 * enqueues it once the transaction has committed, so a rolled-back command never leaves a job behind.
 * A command whose only write is the request may pass a session outside a transaction (one statement).
 */
@Injectable()
export class JobRequests {
  constructor(private readonly events: EventStore) {}

  async request<N extends JobName>(
    tem: Db,
    name: N,
    owner: JobOwner,
    payload: JobPayload<N>,
    runId: string = randomUUID(),
  ): Promise<string> {
    const def = JOBS[name];
    const parsed = def.payload.parse(payload);
    await this.events.append(
      tem,
      jobStreamId(runId),
      [
        {
          type: JobRequested.type,
          payload: { runId, name, queue: def.queue, owner, payload: parsed, steps: [...plannedStepsOf(name, parsed)] },
        },
      ],
      // the run's snapshot is written with it: the worker's first decision reads one row
      { expectedVersion: 0, model: jobRunModel },
    );
    return runId;
  }
}
