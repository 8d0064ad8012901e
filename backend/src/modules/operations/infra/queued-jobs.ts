import type { Job } from 'bullmq';
import type { JobRunStatus, QueueName } from '@sparkhouse/contracts';
import type { Db } from '../../../platform/database/database';
import { rows } from '../../../platform/database/sql';
import { notFound } from '../../../platform/http/errors';
import type { JobQueues } from '../../../platform/jobs/job-queues';

export interface RunRow {
  queue: string;
  name: string;
  owner_id: string;
  subject_id: string | null;
  status: JobRunStatus;
}

/** A run as the job_run read model shows it, and its BullMQ job (null: not in its queue). 404 for an unknown run. */
export async function queuedJob(
  em: Db,
  queues: JobQueues,
  runId: string,
): Promise<{ job: Job | null; status: JobRunStatus; run: RunRow }> {
  const [run] = await rows<RunRow>(em, 'select queue, name, owner_id, subject_id, status from job_run where run_id = ?', [runId]);
  if (!run) throw notFound('No such job run.');
  const job = await queues.queue(run.queue as QueueName).getJob(runId);
  return { job: job ?? null, status: run.status, run };
}

/** Whether the run is still queued or running while its job is no longer in its queue (lost queue data). */
export async function isLostRun(em: Db, queues: JobQueues, runId: string): Promise<boolean> {
  const [run] = await rows<{ queue: string; status: JobRunStatus }>(em, 'select queue, status from job_run where run_id = ?', [
    runId,
  ]);
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return false;
  return !(await queues.queue(run.queue as QueueName).getJob(runId));
}

/** The owner of a run as a lifecycle fact names it. */
export const ownerOf = (r: { owner_id: string; subject_id: string | null }) => ({
  ownerId: r.owner_id,
  ...(r.subject_id ? { subjectId: r.subject_id } : {}),
});
