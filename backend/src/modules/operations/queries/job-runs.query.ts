import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import { isEventOf, type JobRunStatus, type JobRunView } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { jobStreamId } from '../../../platform/jobs/job-requests';
import type { JobRunAccess } from '../../../platform/realtime/job-run-access';
import { rows } from '../../../platform/database/sql';

export interface ListJobRuns {
  ownerId: string | null;
  status?: JobRunStatus;
  before?: string;
  limit: number;
}

/** Reads of the job_run read model. */
@Injectable()
export class JobRunQueries implements JobRunAccess {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  /**
   * A run from the read model, or, in the moment between the request's commit and the projection
   * catching up, from its JobRequested event: whoever just started a run can always read it back.
   */
  async get(runId: string): Promise<JobRunView | null> {
    const [row] = await rows<JobRunRow>(this.orm.em.fork(), `select ${VIEW_COLUMNS} from job_run where run_id = ?::uuid`, [
      runId,
    ]);
    return row ? toView(row) : this.justRequested(runId);
  }

  async ownerOf(runId: string) {
    const [row] = await rows<Pick<JobRunRow, 'owner_id' | 'status'>>(
      this.orm.em.fork(),
      'select owner_id, status from job_run where run_id = ?::uuid',
      [runId],
    );
    if (row) return { ownerId: row.owner_id, status: row.status };
    const requested = await this.justRequested(runId);
    return requested ? { ownerId: requested.ownerId, status: requested.status } : null;
  }

  private async justRequested(runId: string): Promise<JobRunView | null> {
    const [first] = await this.events.readStream(this.orm.em.fork(), jobStreamId(runId));
    if (!first || !isEventOf(first, 'JobRequested')) return null;
    const p = first.payload;
    return {
      runId,
      name: p.name,
      queue: p.queue,
      ownerId: p.owner.ownerId,
      subjectId: p.owner.subjectId ?? null,
      status: 'queued',
      percent: 0,
      step: null,
      message: null,
      steps: [],
      plannedSteps: p.steps,
      attempts: 0,
      result: null,
      error: null,
      requestedAt: first.metadata.occurredAt,
      startedAt: null,
      finishedAt: null,
      durationMs: null,
    };
  }

  /** What the person waits, measured: request to completion of the job's last completed runs. */
  async durations(name: string): Promise<JobDurations> {
    const [row] = await this.orm.em.getConnection().execute<{ n: string; median: number | null; p90: number | null }[]>(
      `select count(*) as n,
              percentile_cont(0.5) within group (order by ms) as median,
              percentile_cont(0.9) within group (order by ms) as p90
         from (select extract(epoch from finished_at - requested_at) * 1000 as ms
                 from job_run
                where name = ? and status = 'completed' and finished_at is not null
                order by requested_at desc
                limit ?) recent`,
      [name, DURATION_SAMPLE],
    );
    const round = (v: number | null) => (v === null ? null : Math.round(Number(v)));
    return { name, sampleSize: Number(row?.n ?? 0), medianMs: round(row?.median ?? null), p90Ms: round(row?.p90 ?? null) };
  }

  async list(q: ListJobRuns): Promise<{ runs: JobRunView[]; nextBefore: string | null }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (clause: string, value: unknown) => {
      where.push(clause);
      params.push(value);
    };
    if (q.ownerId) add('owner_id = ?', q.ownerId);
    if (q.status) add('status = ?', q.status);
    if (q.before) add('requested_at < ?::timestamptz', q.before);
    const found = await rows<JobRunRow>(
      this.orm.em.fork(),
      `select ${VIEW_COLUMNS} from job_run ${where.length ? `where ${where.join(' and ')}` : ''} order by requested_at desc limit ?`,
      [...params, q.limit + 1],
    );
    const page = found.slice(0, q.limit);
    return {
      runs: page.map(toView),
      nextBefore: found.length > q.limit ? iso(page[page.length - 1].requested_at) : null,
    };
  }
}

/** How many of a job's newest completed runs its duration figures are measured over. */
export const DURATION_SAMPLE = 50;

export interface JobDurations {
  name: string;
  sampleSize: number;
  medianMs: number | null;
  p90Ms: number | null;
}

/** A row of the job_run read model (written only by the job-runs projection), as a view reads it. */
interface JobRunRow {
  run_id: string;
  name: string;
  queue: string;
  owner_id: string;
  subject_id: string | null;
  status: JobRunStatus;
  percent: number;
  step: string | null;
  message: string | null;
  steps: { step: string; startedAt: string }[];
  planned_steps: string[] | null;
  attempts: number;
  result: unknown;
  error: string | null;
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
}

const VIEW_COLUMNS = `run_id, name, queue, owner_id, subject_id, status, percent, step, message, steps, planned_steps, attempts,
  result, error, requested_at, started_at, finished_at, duration_ms`;

const iso = (v: string) => new Date(v).toISOString();

function toView(r: JobRunRow): JobRunView {
  return {
    runId: r.run_id,
    name: r.name,
    queue: r.queue,
    ownerId: r.owner_id,
    subjectId: r.subject_id,
    status: r.status,
    percent: Number(r.percent),
    step: r.step,
    message: r.message,
    steps: r.steps,
    plannedSteps: r.planned_steps ?? [],
    attempts: r.attempts,
    result: r.result ?? null,
    error: r.error,
    requestedAt: iso(r.requested_at),
    startedAt: r.started_at === null ? null : iso(r.started_at),
    finishedAt: r.finished_at === null ? null : iso(r.finished_at),
    durationMs: r.duration_ms,
  };
}
