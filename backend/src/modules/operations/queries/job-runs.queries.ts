import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { JobRunStatus, JobRunView } from '@sparkhouse/contracts';
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
  constructor(private readonly orm: MikroORM) {}

  async get(runId: string): Promise<JobRunView | null> {
    const row = await this.orm.em.fork().findOne(JobRunRecord, { runId });
    return row ? toView(row) : null;
  }

  async ownerOf(runId: string) {
    const row = await this.orm.em.fork().findOne(JobRunRecord, { runId }, { fields: ['ownerId', 'status'] });
    return row ? { ownerId: row.ownerId, status: row.status } : null;
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
    attempts: r.attempts,
    result: r.result ?? null,
    error: r.error,
    requestedAt: r.requestedAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    durationMs: r.durationMs,
  };
}
