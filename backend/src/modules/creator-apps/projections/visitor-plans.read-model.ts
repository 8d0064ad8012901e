import { run } from '../../../platform/database/sql';
import type { ProjectionHandlers } from '../../../platform/events/define-projection';
import { PLAN_JOB } from '../domain/visitors';
import { visitorOf } from './visitor-onboarding.read-model';

/** Plan runs have uuid ids; other jobs' runs never match a plan row. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const planRun = (runId: string) => UUID.test(runId);

/** app_visitor_plan: each visitor's plans, with the plan job's status, progress and result (by its run). */
export const visitorPlans: ProjectionHandlers<
  'PersonalizedPlanRequested' | 'JobStarted' | 'JobProgressed' | 'JobCompleted' | 'JobFailed'
> = {
  PersonalizedPlanRequested: async ({ payload: p, metadata: { occurredAt: at } }, tx) =>
    run(
      tx,
      `insert into app_visitor_plan (plan_id, app_id, visitor_id, run_id, status, requested_at, testing_step_id)
         values (?, ?, ?, ?, 'queued', ?, ?) on conflict (plan_id) do nothing`,
      [p.planId, p.appId, await visitorOf(tx, p.visitorId), p.runId, at, p.testingStepId ?? null],
    ),
  // the plan job's lifecycle (other jobs' runs match no plan row)
  JobStarted: async ({ payload: p }, tx) => {
    if (!planRun(p.runId)) return;
    return run(tx, `update app_visitor_plan set status = 'running' where run_id = ? and status = 'queued'`, [p.runId]);
  },
  JobProgressed: async ({ payload: p }, tx) => {
    if (!planRun(p.runId)) return;
    return run(
      tx,
      `update app_visitor_plan set status = 'running', percent = ?, step = ? where run_id = ? and status in ('queued', 'running')`,
      [Math.round(p.percent), p.step, p.runId],
    );
  },
  JobCompleted: async ({ payload: p, metadata: { occurredAt: at } }, tx) => {
    if (!planRun(p.runId) || p.name !== PLAN_JOB) return;
    const result = p.result as { generatedBy?: string } | null;
    // the step of the last report it carries, if any (see JobCompleted)
    const step = p.progress?.at(-1)?.step ?? null;
    return run(
      tx,
      `update app_visitor_plan set status = 'completed', percent = 100, step = coalesce(?, step), plan = ?::jsonb, generated_by = ?,
              error = null, finished_at = ?
          where run_id = ?`,
      [step, JSON.stringify(p.result), result?.generatedBy ?? null, at, p.runId],
    );
  },
  JobFailed: async ({ payload: p, metadata: { occurredAt: at } }, tx) => {
    if (!planRun(p.runId) || p.name !== PLAN_JOB) return;
    return run(
      tx,
      `update app_visitor_plan set status = 'error', error = ?, finished_at = ? where run_id = ? and status <> 'completed'`,
      [p.reason, at, p.runId],
    );
  },
};
