import { z } from 'zod';
import { defineCall, queryLimit } from '../http';
import { jobRunSchema, jobRunStatusSchema, pipelineCheckPayloadSchema } from '../jobs';

export const startPipelineCheck = defineCall({
  id: 'startPipelineCheck',
  module: 'operations',
  method: 'POST',
  path: '/operations/pipeline-checks',
  access: 'owner',
  style: 'envelope',
  summary:
    'Run a synthetic job through the whole pipeline (command, event, queue, worker, push) and watch it live. ' +
    'Admins and operators; anyone else only where OPERATIONS_OPEN_PIPELINE_CHECKS is on (off by default in every ' +
    'environment; for load tests and harnesses).',
  body: pipelineCheckPayloadSchema.omit({ userId: true }).extend({
    /** Run it for the account with this email (the console links the run to that user). */
    forEmail: z.string().trim().toLowerCase().min(3).max(320).optional(),
  }),
  response: z.object({ runId: z.string() }),
  successStatus: 202,
});

export const getJobRun = defineCall({
  id: 'getJobRun',
  module: 'operations',
  method: 'GET',
  path: '/jobs/:runId',
  access: 'owner',
  style: 'envelope',
  summary: "A job run's state from the job_run read model. Its owner or an admin only.",
  params: z.object({ runId: z.uuid('must be a job run id') }),
  response: jobRunSchema,
});

export const listJobRuns = defineCall({
  id: 'listJobRuns',
  module: 'operations',
  method: 'GET',
  path: '/jobs',
  access: 'owner',
  style: 'envelope',
  summary: "The caller's job runs, newest first (admins: everyone's, with all=true).",
  query: z.object({
    status: jobRunStatusSchema.optional(),
    limit: queryLimit(100, 20),
    before: z.iso.datetime({ message: 'must be an ISO date-time' }).optional(),
    all: z.enum(['true', 'false']).optional(),
  }),
  response: z.object({ runs: z.array(jobRunSchema), nextBefore: z.string().nullable() }),
});

export const getJobDurations = defineCall({
  id: 'getJobDurations',
  module: 'operations',
  method: 'GET',
  path: '/jobs/durations/:name',
  access: 'public',
  style: 'envelope',
  summary:
    'How long a kind of job takes, measured: the median and 90th percentile from request to completion of its ' +
    "last 50 completed runs (everyone's; no run is named). Null figures when none completed yet.",
  params: z.object({ name: z.string().min(1).max(100) }),
  response: z.object({
    name: z.string(),
    sampleSize: z.number().int().nonnegative(),
    medianMs: z.number().int().nullable(),
    p90Ms: z.number().int().nullable(),
  }),
});

export const cancelJobRun = defineCall({
  id: 'cancelJobRun',
  module: 'operations',
  method: 'POST',
  path: '/jobs/:runId/cancel',
  access: 'owner',
  style: 'envelope',
  summary: 'Cancel a queued or running job. A run that already finished answers 409.',
  params: z.object({ runId: z.uuid('must be a job run id') }),
  response: z.object({ runId: z.string(), status: jobRunStatusSchema }),
  successStatus: 202,
});

const analyticsEvent = z.object({
  event_type: z.string().min(1).max(200),
  time: z.number().int().nonnegative(),
  user_id: z.string().max(200).optional(),
  device_id: z.string().max(200).optional(),
  session_id: z.number().int().optional(),
  event_properties: z.record(z.string(), z.unknown()).optional(),
  /** The event's own id: an event sent again (in a later upload, its first answer lost) is counted once per device. */
  insert_id: z.string().min(1).max(128).optional(),
});

export const recordAnalytics = defineCall({
  id: 'recordAnalytics',
  module: 'operations',
  method: 'POST',
  path: '/data',
  access: 'public',
  style: 'legacy',
  summary: 'Analytics upload: a batch of events (page views and product events), at most 100 a batch.',
  body: z.object({
    api_key: z.string().max(200),
    events: z.array(analyticsEvent).min(1).max(100),
    v: z.number().int().optional(),
    upload_time: z.number().int().optional(),
    checksum: z.string().max(200).optional(),
  }),
  response: z.object({ code: z.literal(200), events_ingested: z.number().int() }),
});
export * from './operations-console';
