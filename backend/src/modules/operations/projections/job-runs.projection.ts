import { jobEntities } from '@sparkhouse/contracts';
import { defineStatementProjection, type Statement } from '../../../platform/events/define-projection';

const statement = (sql: string, params: unknown[]): Statement => ({ sql, params });

/** The update that ends a run: its status, end time, duration, and what it ended with. */
function finish(
  runId: string,
  status: 'completed' | 'failed' | 'canceled',
  at: string,
  fields: { result?: unknown; error?: string | null; percent?: number; message?: string },
): Statement {
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

/**
 * The job_run read model: one row per run with its status, progress, steps, result and timings. Each
 * fact is one statement, so a batch of a worker's reports is applied in one round trip.
 */
export const jobRunsProjection = defineStatementProjection({
  name: 'operations.job-runs',
  // v2: the user/app/plan a run works for, its correlation id and planned steps; retries
  version: 2,
  tables: ['job_run'],
  statements: {
    JobRequested: ({ payload: p, metadata }) => {
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
          metadata.occurredAt,
          entities.user ?? null,
          entities.app ?? null,
          entities.plan ?? null,
          metadata.correlationId,
          JSON.stringify(p.steps),
        ],
      );
    },
    JobStarted: ({ payload: p, metadata }) =>
      statement(
        `update job_run set status = 'running', attempts = ?, error = null, started_at = coalesce(started_at, ?)
          where run_id = ? and status in ('queued', 'running')`,
        [p.attempt, metadata.occurredAt, p.runId],
      ),
    JobProgressed: ({ payload: p, metadata }) =>
      statement(
        `update job_run set percent = ?, step = ?, message = ?,
                steps = case when steps @> jsonb_build_array(jsonb_build_object('step', ?::text)) then steps
                             else steps || jsonb_build_array(jsonb_build_object('step', ?::text, 'startedAt', ?::text)) end
          where run_id = ? and status in ('queued', 'running')`,
        [p.percent, p.step, p.message, p.step, p.step, p.at ?? metadata.occurredAt, p.runId],
      ),
    JobAttemptFailed: ({ payload: p }) =>
      statement(
        `update job_run set status = 'queued', error = ?, message = ? where run_id = ? and status in ('queued', 'running')`,
        [p.reason, `Attempt ${p.attempt} failed; retrying in ${Math.round(p.retryInMs / 1000)} s`, p.runId],
      ),
    JobRequeued: ({ payload: p }) =>
      statement(`update job_run set status = 'queued', message = ? where run_id = ? and status = 'running'`, [p.reason, p.runId]),
    JobCancelRequested: ({ payload: p }) => statement('update job_run set cancel_requested = true where run_id = ?', [p.runId]),
    // a finished run goes round again: its earlier attempts stay in its stream
    JobRetryRequested: ({ payload: p }) =>
      statement(
        `update job_run set status = 'queued', percent = 0, step = null, steps = '[]', result = null, error = null,
                message = ?, cancel_requested = false, started_at = null, finished_at = null, duration_ms = null
          where run_id = ? and status in ('failed', 'canceled')`,
        [`Retry ${p.retry} requested by an operator`, p.runId],
      ),
    JobCompleted: ({ payload: p, metadata }) =>
      finish(p.runId, 'completed', metadata.occurredAt, { result: p.result, percent: 100 }),
    JobFailed: ({ payload: p, metadata }) => finish(p.runId, 'failed', metadata.occurredAt, { error: p.reason }),
    JobCanceled: ({ payload: p, metadata }) =>
      finish(p.runId, 'canceled', metadata.occurredAt, { error: null, message: p.reason }),
  },
});
