import { jobEntities, type DomainEvent } from '@sparkhouse/contracts';
import { defineStatementProjection, type Statement, type StatementHandlers } from '../../../platform/events/define-projection';

type JobRunFact =
  | 'JobRequested'
  | 'JobStarted'
  | 'JobProgressed'
  | 'JobAttemptFailed'
  | 'JobRequeued'
  | 'JobCancelRequested'
  | 'JobRetryRequested'
  | 'JobCompleted'
  | 'JobFailed'
  | 'JobCanceled';

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
 * fact is one statement, so a batch of a worker's reports is applied in one round trip; in a batch, a
 * run's start, the progress reports after it and the completion after them are one update (see below).
 */
const statements: StatementHandlers<JobRunFact> = {
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
  JobCanceled: ({ payload: p, metadata }) => finish(p.runId, 'canceled', metadata.occurredAt, { error: null, message: p.reason }),
};

const oneByOne = defineStatementProjection<JobRunFact>({
  name: 'operations.job-runs',
  // v2: the user/app/plan a run works for, its correlation id and planned steps; retries
  version: 2,
  tables: ['job_run'],
  statements,
});

/** A fact's own statement. */
const statementOf = (e: DomainEvent<JobRunFact>) => (statements[e.type] as (e: DomainEvent<JobRunFact>) => Statement | null)(e);

type Started = DomainEvent<'JobStarted'>;
type Progressed = DomainEvent<'JobProgressed'>;
type Completed = DomainEvent<'JobCompleted'>;

/** The steps a run of progress reports adds, each at its first report (the row's own are left out in SQL). */
function newSteps(progress: readonly Progressed[]): { step: string; startedAt: string }[] {
  const seen = new Set<string>();
  const out: { step: string; startedAt: string }[] = [];
  for (const { payload: p, metadata } of progress) {
    if (seen.has(p.step)) continue;
    seen.add(p.step);
    out.push({ step: p.step, startedAt: p.at ?? metadata.occurredAt });
  }
  return out;
}

const ACTIVE = `status in ('queued', 'running')`;
const STEPS_AFTER = `steps || coalesce((select jsonb_agg(x.e order by x.o) from jsonb_array_elements(?::jsonb) with ordinality as x(e, o)
                                  where not steps @> jsonb_build_array(jsonb_build_object('step', x.e->'step'))), '[]'::jsonb)`;

/** A run's consecutive facts that one update applies: its start, progress reports and completion, each optional. */
interface Segment {
  started: Started | null;
  progress: Progressed[];
}

/**
 * A segment of a run's facts (its start, the progress reports right after it, and the completion right
 * after them) as one update with the effect of their statements one after the other: the start and the
 * reports apply while the run is queued or running (the row as it was: a start keeps it so), the
 * completion always. One row version instead of one per fact.
 */
function segmentStatement({ started, progress }: Segment, completed: Completed | null): Statement {
  const sets: string[] = [];
  const params: unknown[] = [];
  const set = (sql: string, ...values: unknown[]) => {
    sets.push(sql);
    params.push(...values);
  };
  // without a completion, the whole update is guarded; with one, each guarded column is
  const guarded = (column: string, value: string, ...values: unknown[]) =>
    completed
      ? set(`${column} = case when ${ACTIVE} then ${value} else ${column} end`, ...values)
      : set(`${column} = ${value}`, ...values);
  if (started) {
    if (!completed) set(`status = 'running', error = null`);
    guarded('attempts', '?', started.payload.attempt);
    guarded('started_at', 'coalesce(started_at, ?::timestamptz)', started.metadata.occurredAt);
  }
  if (progress.length > 0) {
    const last = progress[progress.length - 1].payload;
    if (!completed) set('percent = ?', last.percent);
    guarded('step', '?', last.step);
    guarded('message', '?', last.message);
    guarded('steps', STEPS_AFTER, JSON.stringify(newSteps(progress)));
  }
  if (!completed) {
    return statement(`update job_run set ${sets.join(', ')} where run_id = ? and ${ACTIVE}`, [
      ...params,
      (started ?? progress[0]).payload.runId,
    ]);
  }
  const { payload: c, metadata } = completed;
  // the duration runs from the start this segment may record (the row's columns are read as they were)
  const startedAt = started ? `case when ${ACTIVE} then coalesce(started_at, ?::timestamptz) else started_at end` : 'started_at';
  set(`status = 'completed', finished_at = ?`, metadata.occurredAt);
  set(
    `duration_ms = round(extract(epoch from (?::timestamptz - coalesce(${startedAt}, requested_at))) * 1000)`,
    metadata.occurredAt,
    ...(started ? [started.metadata.occurredAt] : []),
  );
  set(
    'result = coalesce(?::jsonb, result), error = null, percent = 100',
    c.result === undefined ? null : JSON.stringify(c.result),
  );
  return statement(`update job_run set ${sets.join(', ')} where run_id = ?`, [...params, c.runId]);
}

/**
 * A batch's statements: each fact's own, but a run's start, the progress reports after it and the
 * completion after them merged into one (segmentStatement). Facts of different runs touch different
 * rows, so only each run's own order is kept: a run's held facts are written before its next other one.
 */
export function jobRunStatements(events: readonly DomainEvent<JobRunFact>[]): Statement[] {
  const out: Statement[] = [];
  const held = new Map<string, Segment>();
  const flush = (runId: string, completed: Completed | null) => {
    const segment = held.get(runId)!;
    held.delete(runId);
    const facts = (segment.started ? 1 : 0) + segment.progress.length + (completed ? 1 : 0);
    if (facts > 1) out.push(segmentStatement(segment, completed));
    else out.push(statementOf(segment.started ?? segment.progress[0])!);
  };
  for (const e of events) {
    const runId = e.payload.runId;
    if (e.type === 'JobStarted') {
      if (held.has(runId)) flush(runId, null);
      held.set(runId, { started: e, progress: [] });
      continue;
    }
    if (e.type === 'JobProgressed') {
      const segment = held.get(runId);
      if (segment) segment.progress.push(e);
      else held.set(runId, { started: null, progress: [e] });
      continue;
    }
    if (held.has(runId)) {
      if (e.type === 'JobCompleted') {
        flush(runId, e);
        continue;
      }
      flush(runId, null);
    }
    const own = statementOf(e);
    if (own) out.push(own);
  }
  for (const runId of [...held.keys()]) flush(runId, null);
  return out;
}

export const jobRunsProjection: typeof oneByOne = {
  ...oneByOne,
  async handleBatch(tx, events) {
    await tx.executeBatch(jobRunStatements(events));
  },
};
