import { jobEntities, progressCarriedBy, startCarriedBy, type DomainEvent } from '@sparkhouse/contracts';
import { defineStatementProjection, type Statement, type StatementHandlers } from '../../../platform/events/define-projection';
import { jsonRecords } from '../../../platform/database/sql';

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

/** The update that ends a run without completing it: its status, end time, duration and error. */
function finish(
  runId: string,
  status: 'failed' | 'canceled',
  at: string,
  fields: { error: string | null; message?: string },
): Statement {
  return statement(
    `update job_run set status = ?, finished_at = ?,
            duration_ms = round(extract(epoch from (?::timestamptz - coalesce(started_at, requested_at))) * 1000),
            error = ?, message = coalesce(?, message)
      where run_id = ?`,
    [status, at, at, fields.error, fields.message ?? null, runId],
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
      [p.attempt, p.at ?? metadata.occurredAt, p.runId],
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
  // with the start and the progress reports it carries
  JobCompleted: (e) =>
    segmentsStatement([{ segment: { started: startCarriedBy(e)[0] ?? null, progress: progressCarriedBy(e) }, completed: e }]),
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

/** A run's consecutive facts that one update applies: its start, progress reports and completion, each optional. */
interface Segment {
  started: Started | null;
  progress: Progressed[];
}

type Requested = DomainEvent<'JobRequested'>;

/** What a batch does to one run, in its order: its insert, a segment of its facts, or another fact's own statement. */
type RunOp =
  | { kind: 'insert'; event: Requested }
  | { kind: 'segment'; segment: Segment; completed: Completed | null }
  | { kind: 'own'; statement: Statement };

/** The requested runs of a batch as one insert (each row as JobRequested's own statement writes it). */
function insertStatement(requested: readonly Requested[]): Statement {
  const input = requested.map(({ payload: p, metadata }) => {
    const entities = jobEntities(p.name, p.owner, p.payload);
    return {
      run_id: p.runId,
      name: p.name,
      queue: p.queue,
      owner_id: p.owner.ownerId,
      subject_id: p.owner.subjectId ?? null,
      requested_at: metadata.occurredAt,
      user_id: entities.user ?? null,
      app_id: entities.app ?? null,
      plan_id: entities.plan ?? null,
      correlation_id: metadata.correlationId,
      planned_steps: JSON.stringify(p.steps),
    };
  });
  return statement(
    `insert into job_run (run_id, name, queue, owner_id, subject_id, status, steps, requested_at,
                          user_id, app_id, plan_id, correlation_id, planned_steps)
     select r.run_id, r.name, r.queue, r.owner_id, r.subject_id, 'queued', '[]', r.requested_at,
            r.user_id, r.app_id, r.plan_id, r.correlation_id, r.planned_steps::jsonb
       from jsonb_to_recordset(?::jsonb) as r(run_id uuid, name text, queue text, owner_id text,
              subject_id text, requested_at timestamptz, user_id text, app_id text, plan_id text,
              correlation_id text, planned_steps text)
     on conflict (run_id) do nothing`,
    [JSON.stringify(input)],
  );
}

const ACTIVE_J = `j.status in ('queued', 'running')`;
/** The started_at a segment leaves (the row's columns read as they were). */
const STARTED_AT = `case when r.started and ${ACTIVE_J} then coalesce(j.started_at, r.started_at) else j.started_at end`;

/**
 * Segments of different runs as one update with, for each run, the effect of segmentStatement (or of its
 * one fact's own statement): the start and reports apply while the run is queued or running, a
 * completion always. Each run at most once.
 */
function segmentsStatement(segments: readonly { segment: Segment; completed: Completed | null }[]): Statement {
  const input = segments.map(({ segment: { started, progress }, completed }) => {
    const last = progress.length > 0 ? progress[progress.length - 1].payload : null;
    return {
      run_id: (started ?? progress[0] ?? completed!).payload.runId,
      started: started !== null,
      attempt: started?.payload.attempt ?? null,
      started_at: started ? (started.payload.at ?? started.metadata.occurredAt) : null,
      progressed: last !== null,
      percent: last?.percent ?? null,
      step: last?.step ?? null,
      message: last?.message ?? null,
      new_steps: last ? JSON.stringify(newSteps(progress)) : null,
      completed: completed !== null,
      finished_at: completed?.metadata.occurredAt ?? null,
      result: completed && completed.payload.result !== undefined ? JSON.stringify(completed.payload.result) : null,
    };
  });
  const runs = jsonRecords(
    `run_id uuid, started boolean, attempt int, started_at timestamptz, progressed boolean, percent real,
     step text, message text, new_steps text, completed boolean, finished_at timestamptz, result text`,
    input,
  );
  const guarded = (flag: string, column: string, value: string) =>
    `${column} = case when r.${flag} and ${ACTIVE_J} then ${value} else j.${column} end`;
  return statement(
    `update job_run j set
        status = case when r.completed then 'completed' when r.started then 'running' else j.status end,
        error = case when r.completed or r.started then null else j.error end,
        ${guarded('started', 'attempts', 'r.attempt')},
        started_at = ${STARTED_AT},
        percent = case when r.completed then 100 when r.progressed then r.percent else j.percent end,
        ${guarded('progressed', 'step', 'r.step')},
        ${guarded('progressed', 'message', 'r.message')},
        ${guarded(
          'progressed',
          'steps',
          `j.steps || coalesce((select jsonb_agg(x.e order by x.o) from jsonb_array_elements(r.new_steps::jsonb) with ordinality as x(e, o)
                                 where not j.steps @> jsonb_build_array(jsonb_build_object('step', x.e->'step'))), '[]'::jsonb)`,
        )},
        finished_at = case when r.completed then r.finished_at else j.finished_at end,
        duration_ms = case when r.completed
                           then round(extract(epoch from (r.finished_at - coalesce(${STARTED_AT}, j.requested_at))) * 1000)
                           else j.duration_ms end,
        result = case when r.completed then coalesce(r.result::jsonb, j.result) else j.result end
       from ${runs.sql} r
      where j.run_id = r.run_id and (r.completed or ${ACTIVE_J})`,
    [runs.param],
  );
}

/**
 * A batch's statements, with the effect of each fact's own statement in order. Each run's facts become
 * its operations (its insert; its start, the progress reports after it and the completion after them
 * as one segment; any other fact's own statement). Facts of different runs touch different rows, so
 * only each run's own order is kept: the batch is written in rounds (every run's first operation, then
 * every run's second, ...), each round's inserts as one statement and its segments as one.
 */
export function jobRunStatements(events: readonly DomainEvent<JobRunFact>[]): Statement[] {
  const ops = new Map<string, RunOp[]>();
  const push = (runId: string, op: RunOp) => {
    const list = ops.get(runId);
    if (list) list.push(op);
    else ops.set(runId, [op]);
  };
  const held = new Map<string, Segment>();
  const flush = (runId: string, completed: Completed | null) => {
    const segment = held.get(runId)!;
    held.delete(runId);
    push(runId, { kind: 'segment', segment, completed });
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
    if (e.type === 'JobCompleted') {
      // a start it carries stands where a JobStarted would
      const [carried] = startCarriedBy(e);
      if (carried) {
        if (held.has(runId)) flush(runId, null);
        held.set(runId, { started: carried, progress: [] });
      }
      const segment = held.get(runId) ?? { started: null, progress: [] };
      segment.progress.push(...progressCarriedBy(e));
      held.set(runId, segment);
      flush(runId, e);
      continue;
    }
    if (held.has(runId)) flush(runId, null);
    if (e.type === 'JobRequested') push(runId, { kind: 'insert', event: e as Requested });
    else {
      const own = statementOf(e);
      if (own) push(runId, { kind: 'own', statement: own });
    }
  }
  for (const runId of [...held.keys()]) flush(runId, null);
  const out: Statement[] = [];
  const lists = [...ops.values()];
  for (let round = 0; ; round++) {
    const inserts: Requested[] = [];
    const segments: { segment: Segment; completed: Completed | null }[] = [];
    const own: Statement[] = [];
    for (const list of lists) {
      const op = list[round];
      if (!op) continue;
      if (op.kind === 'insert') inserts.push(op.event);
      else if (op.kind === 'segment') segments.push(op);
      else own.push(op.statement);
    }
    if (inserts.length === 0 && segments.length === 0 && own.length === 0) return out;
    if (inserts.length > 0) out.push(insertStatement(inserts));
    if (segments.length > 0) out.push(segmentsStatement(segments));
    out.push(...own);
  }
}

export const jobRunsProjection: typeof oneByOne = {
  ...oneByOne,
  async handleBatch(tx, events) {
    await tx.executeBatch(jobRunStatements(events));
  },
};
