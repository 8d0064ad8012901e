import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import {
  isEventOf,
  type DomainEvent,
  type JobDetail,
  type JobRunStatus,
  type JobSummary,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { rows } from '../../../platform/database/sql';
import { EventStore } from '../../../platform/events/event-store';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { jobStreamId } from '../../../platform/jobs/job-requests';
import { OperationsDirectory } from '../../identity';
import { decodeJobCursor, encodeJobCursor } from '../domain/job-cursor';
import { redact, runHistory } from '../domain/run-history';

export interface JobFilter {
  state?: JobRunStatus;
  name?: string;
  queue?: string;
  userId?: string;
  appId?: string;
  planId?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit: number;
}

interface Row {
  run_id: string;
  name: string;
  queue: string;
  owner_id: string;
  subject_id: string | null;
  user_id: string | null;
  app_id: string | null;
  plan_id: string | null;
  correlation_id: string | null;
  status: JobRunStatus;
  percent: number;
  step: string | null;
  message: string | null;
  error: string | null;
  attempts: number;
  result: unknown;
  cancel_requested: boolean;
  planned_steps: string[];
  requested_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  duration_ms: number | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The console's job search (job_run read model, keyset pages) and one run's full story. */
@Injectable()
export class JobSearch {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly queues: JobQueues,
    private readonly directory: OperationsDirectory,
  ) {}

  /** null when the cursor cannot be read. */
  async search(f: JobFilter): Promise<{ jobs: JobSummary[]; nextCursor: string | null } | null> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => (where.push(sql), params.push(value));
    if (f.state) add('status = ?', f.state);
    if (f.name) add('name = ?', f.name);
    if (f.queue) add('queue = ?', f.queue);
    if (f.userId) add('user_id = ?', f.userId);
    if (f.appId) add('app_id = ?', f.appId);
    if (f.planId) add('plan_id = ?', f.planId);
    if (f.from) add('requested_at >= ?::timestamptz', f.from);
    if (f.to) add('requested_at < ?::timestamptz', f.to);
    if (f.cursor) {
      const c = decodeJobCursor(f.cursor);
      if (!c) return null;
      where.push('(requested_at, run_id) < (?::timestamptz, ?::uuid)');
      params.push(c.requestedAt, c.runId);
    }
    const found = await rows<Row>(
      this.orm.em.fork(),
      `select * from job_run ${where.length ? `where ${where.join(' and ')}` : ''}
        order by requested_at desc, run_id desc limit ?`,
      [...params, f.limit + 1],
    );
    const page = found.slice(0, f.limit);
    const emails = await this.directory.emailsOf(page.flatMap((r) => [r.owner_id, ...(r.user_id ? [r.user_id] : [])]));
    const last = page[page.length - 1];
    return {
      jobs: page.map((r) => this.summary(r, emails)),
      nextCursor:
        found.length > f.limit && last
          ? encodeJobCursor({ requestedAt: new Date(last.requested_at).toISOString(), runId: last.run_id })
          : null,
    };
  }

  async detail(runId: string): Promise<JobDetail | null> {
    const em = this.orm.em.fork();
    const [row] = await rows<Row>(em, 'select * from job_run where run_id = ?', [runId]);
    if (!row) return null;
    const stream = await this.events.readStream(em, jobStreamId(runId));
    const requested = stream.find((e: StoredEvent): e is DomainEvent<'JobRequested'> => isEventOf(e, 'JobRequested'));
    const payload = requested ? requested.payload.payload : null;
    const { attempts, timeline, logs } = runHistory(stream);
    const queueState = await this.queueState(row.queue, runId);
    const emails = await this.directory.emailsOf([row.owner_id, ...(row.user_id ? [row.user_id] : [])]);
    const finished = row.status === 'completed' || row.status === 'failed' || row.status === 'canceled';
    return {
      ...this.summary(row, emails),
      subjectId: row.subject_id,
      correlationId: row.correlation_id ?? requested?.metadata.correlationId ?? null,
      payload: redact(payload),
      result: redact(row.result ?? null),
      message: row.message,
      plannedSteps: row.planned_steps ?? [],
      attemptsDetail: attempts,
      timeline,
      logs,
      queueState,
      cancelRequested: row.cancel_requested,
      actions: {
        // a run left queued or running whose job is gone from its queue (lost queue data) may be retried or removed
        retry: row.status === 'failed' || row.status === 'canceled' || (!finished && queueState === null),
        promote: queueState === 'delayed',
        remove: (queueState !== null && queueState !== 'active') || (!finished && queueState === null),
        cancel: !finished,
      },
    };
  }

  private async queueState(queue: string, runId: string): Promise<string | null> {
    try {
      const job = await this.queues.queue(queue as never).getJob(runId);
      if (!job) return null;
      const state = await job.getState();
      return state === 'unknown' ? null : state;
    } catch {
      return null;
    }
  }

  private summary(r: Row, emails: Map<string, string>): JobSummary {
    return {
      runId: r.run_id,
      name: r.name,
      queue: r.queue,
      ownerId: r.owner_id,
      ownerEmail: emails.get(r.owner_id) ?? null,
      userEmail: r.user_id ? (emails.get(r.user_id) ?? null) : null,
      entities: {
        ...(r.user_id ? { user: r.user_id } : {}),
        ...(r.app_id ? { app: r.app_id } : {}),
        ...(r.plan_id ? { plan: r.plan_id } : {}),
      },
      status: r.status,
      percent: r.percent,
      step: r.step,
      error: r.error,
      attempts: r.attempts,
      requestedAt: new Date(r.requested_at).toISOString(),
      startedAt: iso(r.started_at),
      finishedAt: iso(r.finished_at),
      durationMs: r.duration_ms,
    };
  }
}
