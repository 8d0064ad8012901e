import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Db } from '../database/database';
import {
  JOBS,
  JobRequested,
  plannedStepsOf,
  type EventMetadata,
  type JobName,
  type JobOwner,
  type JobPayload,
  type NewEvent,
} from '@sparkhouse/contracts';
import { requestContext, type RequestContext } from '../context/request-context';
import { ConcurrencyError } from '../events/errors';
import { currentMetadata } from '../events/event-records';
import { EventStore } from '../events/event-store';
import { jobRunModel } from './job-run-model';

export const jobStreamId = (runId: string) => `job-${runId}`;

/** Requests written together in one statement at most. */
const MAX_GROUP = 200;

interface Pending {
  em: Db;
  streamId: string;
  event: NewEvent;
  /** Taken when the request is made (the group is written in another caller's context). */
  metadata: EventMetadata;
  context: RequestContext | undefined;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Asks for slow work from inside a command's transaction: appends JobRequested. The job dispatcher
 * enqueues it once the transaction has committed, so a rolled-back command never leaves a job behind.
 * A command whose only write is the request may pass a session outside a transaction: its request is
 * then committed on its own, and the requests of commands arriving together are written together
 * (group commit: the first at once, the ones that arrive while a write is in flight in the next one,
 * one statement for all of them; each caller hears its own outcome and reads its own write after).
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
    const event: NewEvent = {
      type: JobRequested.type,
      payload: { runId, name, queue: def.queue, owner, payload: parsed, steps: [...plannedStepsOf(name, parsed)] },
    };
    // the run's snapshot is written with it: the worker's first decision reads one row
    if (tem.isInTransaction())
      await this.events.append(tem, jobStreamId(runId), [event], { expectedVersion: 0, model: jobRunModel });
    else await this.grouped(tem, jobStreamId(runId), event);
    return runId;
  }

  private queue: Pending[] = [];
  private writing: Promise<void> | null = null;

  private grouped(em: Db, streamId: string, event: NewEvent): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ em, streamId, event, metadata: currentMetadata(), context: requestContext.current(), resolve, reject });
      this.writing ??= this.writeAll().finally(() => (this.writing = null));
    });
  }

  private async writeAll() {
    while (this.queue.length > 0) {
      // a stream at most once in a group (a repeated run id waits for the next one, and is refused there)
      const ids = new Set<string>();
      const group: Pending[] = [];
      const later: Pending[] = [];
      for (const p of this.queue) {
        if (group.length < MAX_GROUP && !ids.has(p.streamId)) {
          ids.add(p.streamId);
          group.push(p);
        } else later.push(p);
      }
      this.queue = later;
      try {
        const written = await this.events.appendNewStreams(
          group[0].em,
          jobRunModel,
          group.map((p) => ({ streamId: p.streamId, events: [p.event], metadata: p.metadata, context: p.context })),
        );
        group.forEach((p, i) => (written[i] ? p.resolve() : p.reject(new ConcurrencyError(p.streamId, 0, 1))));
      } catch {
        // one request's trouble (an invalid payload) must not fail the others: each on its own
        await Promise.all(group.map((p) => this.alone(p).then(p.resolve, p.reject)));
      }
    }
  }

  /** One request in a statement of its own, in its caller's context. */
  private alone(p: Pending): Promise<unknown> {
    const run = () =>
      this.events.append(p.em, p.streamId, [p.event], { expectedVersion: 0, model: jobRunModel, metadata: p.metadata });
    return p.context ? requestContext.run(p.context, run) : run();
  }
}
