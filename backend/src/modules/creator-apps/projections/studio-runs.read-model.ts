import { progressCarriedBy, type DomainEvent } from '@sparkhouse/contracts';
import type { Db } from '../../../platform/database/database';
import { run } from '../../../platform/database/sql';
import type { ProjectionHandlers } from '../../../platform/events/define-projection';

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** The jobs whose runs the studio shows (an app's build, a brainstorm). */
export const STUDIO_JOBS = new Set<string>(['creator-apps.build-app', 'creator-apps.brainstorm']);

/** Moves a build or brainstorm run to a status, only while it has not finished. */
async function runState(tx: Db, runId: string, status: string, { error }: { error?: string | null }) {
  const keepError = error === undefined;
  await run(
    tx,
    `update creator_app set build_status = ?, build_error = case when ? then build_error else ? end
      where build_run_id = ? and build_status in ('queued', 'running')`,
    [status, keepError, error ?? null, runId],
  );
  await run(
    tx,
    `update creator_brainstorm set status = ?, error = case when ? then error else ? end
      where run_id = ? and status in ('queued', 'running')`,
    [status, keepError, error ?? null, runId],
  );
}

/** A build's progress, while it runs. */
const buildProgressed = ({ payload: p }: DomainEvent<'JobProgressed'>, tx: Db) =>
  run(
    tx,
    `update creator_app set build_percent = ?, build_step = ? where build_run_id = ? and build_status in ('queued', 'running')`,
    [p.percent, p.step, p.runId],
  );

/**
 * The runs the studio shows: an app's latest build (creator_app.build_*, by the app's latest build
 * run) and brainstorms (creator_brainstorm, by their run), from their requests, their results stored
 * (or rejected) and the job lifecycle.
 */
export const studioRuns: ProjectionHandlers<
  | 'AppBuildRequested'
  | 'AppBuildResultStored'
  | 'AppBuildResultRejected'
  | 'BrainstormRequested'
  | 'BrainstormIdeasStored'
  | 'JobStarted'
  | 'JobProgressed'
  | 'JobCompleted'
  | 'JobAttemptFailed'
  | 'JobRequeued'
  | 'JobFailed'
  | 'JobCanceled'
> = {
  AppBuildRequested: ({ payload: p }, tx) =>
    run(
      tx,
      `update creator_app set build_run_id = ?, build_status = 'queued', build_percent = 0, build_step = null, build_error = null
        where app_id = ?`,
      [p.runId, p.appId],
    ),
  AppBuildResultStored: ({ payload: p }, tx) =>
    run(
      tx,
      `update creator_app set build_status = 'completed', build_percent = 100, build_error = null
        where app_id = ? and build_run_id = ?`,
      [p.appId, p.runId],
    ),
  AppBuildResultRejected: ({ payload: p }, tx) =>
    run(tx, `update creator_app set build_status = 'failed', build_error = ? where app_id = ? and build_run_id = ?`, [
      p.reason,
      p.appId,
      p.runId,
    ]),
  BrainstormRequested: ({ payload: p, metadata: { occurredAt: at } }, tx) =>
    run(
      tx,
      `insert into creator_brainstorm (brainstorm_id, owner_id, prompt, run_id, status, created_at)
       values (?, ?, ?, ?, 'queued', ?) on conflict (brainstorm_id) do nothing`,
      [p.brainstormId, p.ownerId, p.prompt, p.runId, at],
    ),
  BrainstormIdeasStored: ({ payload: p }, tx) =>
    run(
      tx,
      `update creator_brainstorm set status = 'completed', ideas = ?::jsonb, generated_by = ?, error = null where brainstorm_id = ?`,
      [json(p.ideas), p.generatedBy, p.brainstormId],
    ),
  JobStarted: ({ payload: p }, tx) => runState(tx, p.runId, 'running', { error: null }),
  JobProgressed: (e, tx) => buildProgressed(e, tx),
  // the start and the progress a completion carries (the build's result, stored next, ends the run)
  JobCompleted: async (e, tx) => {
    if (e.payload.started) await runState(tx, e.payload.runId, 'running', { error: null });
    const last = progressCarriedBy(e).at(-1);
    if (last) await buildProgressed(last, tx);
  },
  JobAttemptFailed: ({ payload: p }, tx) => runState(tx, p.runId, 'queued', { error: p.reason }),
  JobRequeued: ({ payload: p }, tx) => runState(tx, p.runId, 'queued', {}),
  JobFailed: ({ payload: p }, tx) => runState(tx, p.runId, 'failed', { error: p.reason }),
  JobCanceled: ({ payload: p }, tx) => runState(tx, p.runId, 'canceled', { error: p.reason }),
};
