import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { JobRequested, type EventPayload, type JobRunStatus, type JobRunView } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { jobStreamId } from '../../../platform/jobs/job-requests';
import type { JobRunAccess } from '../../../platform/realtime/job-run-access';
import { JobRunRecord } from '../infra/job-run.entity';

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
    private readonly orm: MikroORM,
    private readonly events: EventStore,
  ) {}

  /**
   * A run from the read model, or, in the moment between the request's commit and the projection
   * catching up, from its JobRequested event: whoever just started a run can always read it back.
   */
  async get(runId: string): Promise<JobRunView | null> {
    const row = await this.orm.em.fork().findOne(JobRunRecord, { runId });
    return row ? toView(row) : this.justRequested(runId);
  }

  async ownerOf(runId: string) {
    const row = await this.orm.em.fork().findOne(JobRunRecord, { runId }, { fields: ['ownerId', 'status'] });
    if (row) return { ownerId: row.ownerId, status: row.status };
    const requested = await this.justRequested(runId);
    return requested ? { ownerId: requested.ownerId, status: requested.status } : null;
  }

  private async justRequested(runId: string): Promise<JobRunView | null> {
    const [first] = await this.events.readStream(this.orm.em.fork(), jobStreamId(runId));
    if (first?.type !== JobRequested.type) return null;
    const p = first.payload as EventPayload<typeof JobRequested>;
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
    const rows = await this.orm.em.fork().find(
      JobRunRecord,
      {
        ...(q.ownerId ? { ownerId: q.ownerId } : {}),
        ...(q.status ? { status: q.status } : {}),
        ...(q.before ? { requestedAt: { $lt: new Date(q.before) } } : {}),
      },
      { orderBy: { requestedAt: 'desc' }, limit: q.limit + 1 },
    );
    const page = rows.slice(0, q.limit);
    return {
      runs: page.map(toView),
      nextBefore: rows.length > q.limit ? page[page.length - 1].requestedAt.toISOString() : null,
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

function toView(r: JobRunRecord): JobRunView {
  return {
    runId: r.runId,
    name: r.name,
    queue: r.queue,
    ownerId: r.ownerId,
    subjectId: r.subjectId,
    status: r.status,
    percent: r.percent,
    step: r.step,
    message: r.message,
    steps: r.steps,
    plannedSteps: r.plannedSteps ?? [],
    attempts: r.attempts,
    result: r.result ?? null,
    error: r.error,
    requestedAt: r.requestedAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    durationMs: r.durationMs,
  };
}
