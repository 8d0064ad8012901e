import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import {
  isEventOf,
  isJobName,
  JOBS,
  jobsWithStoredResults,
  SERVER_EVENTS,
  type DomainEvent,
  type JobName,
  type JobPayload,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { Database } from '../database/database';
import { EventStore } from '../events/event-store';
import { formatToken } from '../events/log-position';
import { Subscribes, type Reactor } from '../events/subscribers';
import { ApiError } from '../http/errors';
import { RealtimePublisher } from '../realtime/realtime-publisher';
import { jobStreamId } from './job-requests';
import { assertResultHandlers, JOB_RESULT_HANDLER, type EndedRunBase, type JobResultHandler, type Stored } from './job-result';

type Ended = 'JobCompleted' | 'JobFailed' | 'JobCanceled';
type Position = Pick<StoredEvent, 'transactionId' | 'position'>;

/**
 * A run's end, from the event log: first its job's result handler (`<job>.result.ts` of the owning
 * module) stores what it produced, then the end is pushed to its owner, once, with the position of
 * what was stored as the consistency token, so the browser's next reads show the stored result. At
 * least once: a redelivered end stores nothing new (the handlers' commands are keyed by the run) and
 * pushes the same message again.
 */
@Subscribes()
@Injectable()
export class JobEndsReactor implements Reactor<Ended>, OnModuleInit {
  readonly kind = 'reactor';
  // the name of the push reactor this replaces: its checkpoint carries over
  readonly name = 'platform.job-push';
  readonly handles: Ended[] = ['JobCompleted', 'JobFailed', 'JobCanceled'];
  private readonly logger = new Logger('JobEnds');
  private handlers = new Map<string, JobResultHandler<JobName>>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly publisher: RealtimePublisher,
  ) {}

  onModuleInit() {
    const found = this.discovery
      .getProviders()
      .filter((w) => w.metatype && w.instance && Reflect.getMetadata(JOB_RESULT_HANDLER, w.metatype))
      .map((w) => ({
        name: Reflect.getMetadata(JOB_RESULT_HANDLER, w.metatype!) as JobName,
        handler: w.instance as JobResultHandler<JobName>,
      }));
    assertResultHandlers(
      jobsWithStoredResults(),
      found.map((f) => f.name),
    );
    this.handlers = new Map(found.map((f) => [f.name, f.handler]));
  }

  async handle(events: DomainEvent<Ended>[]): Promise<void> {
    for (const e of events) {
      const handler = this.handlers.get(e.payload.name);
      const stored = handler && isJobName(e.payload.name) ? await this.store(handler, e.payload.name, e) : undefined;
      this.push(e, stored ? stored.appended : []);
    }
  }

  private async store(handler: JobResultHandler<JobName>, name: JobName, e: DomainEvent<Ended>): Promise<Stored> {
    const p = e.payload;
    const run: EndedRunBase<JobName> = {
      runId: p.runId,
      name,
      owner: p.owner,
      eventId: e.eventId,
      request: () => this.requestOf(name, p.runId),
    };
    try {
      if (isEventOf(e, 'JobCompleted')) {
        const result = JOBS[name].result.safeParse(e.payload.result);
        if (result.success) return await handler.completed({ ...run, result: result.data });
        this.logger.warn(`The result of ${name} run ${p.runId} does not match its schema: not stored`);
        return await handler.unusable?.(run, 'its result did not match the schemas');
      }
      const outcome = isEventOf(e, 'JobFailed') ? 'failed' : 'canceled';
      return await handler.ended?.({ ...run, outcome, reason: e.payload.reason });
    } catch (err) {
      // what it was for went away meanwhile: nothing to store it in (anything else is retried by the relay)
      if (err instanceof ApiError && err.status === 404) {
        this.logger.warn(`Not storing the result of ${name} run ${p.runId}: ${err.message}`);
        return;
      }
      throw err;
    }
  }

  /** The payload the run was requested with, from the first event of its stream. */
  private async requestOf(name: JobName, runId: string): Promise<JobPayload<JobName> | null> {
    const [requested] = await this.events.readStream(this.orm.em.fork(), jobStreamId(runId), { limit: 1 });
    if (!requested || !isEventOf(requested, 'JobRequested')) return null;
    const parsed = JOBS[name].payload.safeParse(requested.payload.payload);
    return parsed.success ? parsed.data : null;
  }

  private push(e: DomainEvent<Ended>, appended: readonly Position[]) {
    const p = e.payload;
    const last = [...appended].reverse().find((a) => a.transactionId) ?? e;
    const common = {
      runId: p.runId,
      name: p.name,
      subjectId: p.owner.subjectId ?? null,
      at: e.metadata.occurredAt,
      token: last.transactionId ? formatToken({ transactionId: last.transactionId, position: last.position }) : null,
      stored: appended.length > 0,
    };
    if (isEventOf(e, 'JobCompleted')) {
      this.publisher.toJobAudience(p.owner.ownerId, p.runId, SERVER_EVENTS.jobCompleted, { ...common, result: e.payload.result });
    } else if (isEventOf(e, 'JobFailed')) {
      this.publisher.toJobAudience(p.owner.ownerId, p.runId, SERVER_EVENTS.jobFailed, { ...common, reason: e.payload.reason });
    } else {
      this.publisher.toJobAudience(p.owner.ownerId, p.runId, SERVER_EVENTS.jobCanceled, common);
    }
  }
}
