import { Injectable } from '@nestjs/common';
import type { Db } from '../../../platform/database/database';
import {
  JobAttemptFailed,
  JobCanceled,
  JobCancelRequested,
  JobCompleted,
  JobFailed,
  JobProgressed,
  JobRequeued,
  JobRequested,
  JobRetryRequested,
  JobStarted,
  jobEntities,
  type EventPayload,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { run } from '../../../platform/database/sql';
import { Subscribes, type Projection } from '../../../platform/events/subscribers';

type P<D> = EventPayload<D>;
type Statement = { sql: string; params: unknown[] };
const statement = (sql: string, params: unknown[]): Statement => ({ sql, params });

/** The job_run read model: one row per run with its status, progress, steps, result and timings. */
@Subscribes()
@Injectable()
export class JobRunsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'operations.job-runs';
  // v2: the user/app/plan a run works for, its correlation id and planned steps; retries
  readonly version = 2;
  readonly tables = ['job_run'];
  readonly handles = [
    JobRequested.type,
    JobStarted.type,
    JobProgressed.type,
    JobAttemptFailed.type,
    JobRequeued.type,
    JobCancelRequested.type,
    JobCompleted.type,
    JobFailed.type,
    JobCanceled.type,
    JobRetryRequested.type,
  ];

  async truncate(em: Db) {
    await run(em, 'truncate job_run');
  }

  async handle(em: Db, e: StoredEvent) {
    const statement = this.statementFor(e);
    if (statement) await run(em, statement.sql, statement.params);
  }

  /** A batch of events in one round trip: each event's statement, in order. */
  async handleBatch(em: Db, events: StoredEvent[]) {
    await em.executeBatch(events.map((e) => this.statementFor(e)).filter((s): s is Statement => s !== null));
  }

  /** The statement that applies one event to job_run (null: nothing to do). */
  private statementFor(e: StoredEvent): Statement | null {
    const at = e.metadata.occurredAt;
    switch (e.type) {
      case JobRequested.type: {
        const p = e.payload as P<typeof JobRequested>;
        const entities = jobEntities(p.name, p.owner, p.payload);
        return statement(
          `insert into job_run (run_id, name, queue, owner_id, subject_id, status, steps, requested_at,
                                user_id, app_id, plan_id, correlation_id, planned_steps)
           values (?, ?, ?, ?, ?, 'queued', '[]', ?, ?, ?, ?, ?, ?::jsonb) on conflict (run_id) do nothing`,
          [
            p.runId,
            p.name,
            p.queue,
            p.owner.ownerId,
            p.owner.subjectId ?? null,
            at,
            entities.user ?? null,
            entities.app ?? null,
            entities.plan ?? null,
            e.metadata.correlationId,
            JSON.stringify(p.steps),
          ],
        );
      }
      case JobStarted.type: {
        const p = e.payload as P<typeof JobStarted>;
        return statement(
          `update job_run set status = 'running', attempts = ?, error = null, started_at = coalesce(started_at, ?)
            where run_id = ? and status in ('queued', 'running')`,
          [p.attempt, at, p.runId],
        );
      }
      case JobProgressed.type: {
        const p = e.payload as P<typeof JobProgressed>;
        return statement(
          `update job_run set percent = ?, step = ?, message = ?,
                  steps = case when steps @> jsonb_build_array(jsonb_build_object('step', ?::text)) then steps
                               else steps || jsonb_build_array(jsonb_build_object('step', ?::text, 'startedAt', ?::text)) end
            where run_id = ? and status in ('queued', 'running')`,
          [p.percent, p.step, p.message, p.step, p.step, p.at ?? at, p.runId],
        );
      }
      case JobAttemptFailed.type: {
        const p = e.payload as P<typeof JobAttemptFailed>;
        return statement(
          `update job_run set status = 'queued', error = ?, message = ? where run_id = ? and status in ('queued', 'running')`,
          [p.reason, `Attempt ${p.attempt} failed; retrying in ${Math.round(p.retryInMs / 1000)} s`, p.runId],
        );
      }
      case JobRequeued.type: {
        const p = e.payload as P<typeof JobRequeued>;
        return statement(`update job_run set status = 'queued', message = ? where run_id = ? and status = 'running'`, [
          p.reason,
          p.runId,
        ]);
      }
      case JobRetryRequested.type: {
        // a finished run goes round again: its earlier attempts stay in its stream
        const p = e.payload as P<typeof JobRetryRequested>;
        return statement(
          `update job_run set status = 'queued', percent = 0, step = null, steps = '[]', result = null, error = null,
                  message = ?, cancel_requested = false, started_at = null, finished_at = null, duration_ms = null
            where run_id = ? and status in ('failed', 'canceled')`,
          [`Retry ${p.retry} requested by an operator`, p.runId],
        );
      }
      case JobCancelRequested.type:
        return statement('update job_run set cancel_requested = true where run_id = ?', [(e.payload as { runId: string }).runId]);
      case JobCompleted.type: {
        const p = e.payload as P<typeof JobCompleted>;
        return this.finish(p.runId, 'completed', at, { result: p.result, percent: 100 });
      }
      case JobFailed.type: {
        const p = e.payload as P<typeof JobFailed>;
        return this.finish(p.runId, 'failed', at, { error: p.reason });
      }
      case JobCanceled.type: {
        const p = e.payload as P<typeof JobCanceled>;
        return this.finish(p.runId, 'canceled', at, { error: null, message: p.reason });
      }
    }
    return null;
  }

  private finish(
    runId: string,
    status: 'completed' | 'failed' | 'canceled',
    at: string,
    fields: { result?: unknown; error?: string | null; percent?: number; message?: string },
  ) {
    return statement(
      `update job_run set status = ?, finished_at = ?,
              duration_ms = round(extract(epoch from (?::timestamptz - coalesce(started_at, requested_at))) * 1000),
              result = coalesce(?::jsonb, result), error = ?, percent = coalesce(?, percent), message = coalesce(?, message)
        where run_id = ?`,
      [
        status,
        at,
        at,
        fields.result === undefined ? null : JSON.stringify(fields.result),
        fields.error ?? null,
        fields.percent ?? null,
        fields.message ?? null,
        runId,
      ],
    );
  }
}
