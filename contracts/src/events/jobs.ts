import { z } from 'zod';
import { defineEvent } from './envelope';
import { jobOwnerSchema } from '../jobs';

/** Job lifecycle facts. Stream: `job-<runId>`. They feed the job_run read model and the live pushes. */
export const JobRequested = defineEvent(
  'JobRequested',
  1,
  z.object({
    runId: z.string(),
    name: z.string(),
    queue: z.string(),
    owner: jobOwnerSchema,
    payload: z.unknown(),
    steps: z.array(z.string()),
  }),
);

export const JobStarted = defineEvent(
  'JobStarted',
  1,
  z.object({ runId: z.string(), attempt: z.number().int(), workerId: z.string() }),
);

export const JobProgressed = defineEvent(
  'JobProgressed',
  1,
  z.object({ runId: z.string(), percent: z.number(), step: z.string(), message: z.string() }),
);

export const JobAttemptFailed = defineEvent(
  'JobAttemptFailed',
  1,
  z.object({ runId: z.string(), attempt: z.number().int(), reason: z.string(), retryInMs: z.number() }),
);

/** Terminal events carry the job's name and owner, so a push needs no look-up. */
const finished = { runId: z.string(), name: z.string(), owner: jobOwnerSchema };

export const JobCompleted = defineEvent('JobCompleted', 1, z.object({ ...finished, result: z.unknown() }));

export const JobFailed = defineEvent('JobFailed', 1, z.object({ ...finished, attempts: z.number().int(), reason: z.string() }));

export const JobCancelRequested = defineEvent('JobCancelRequested', 1, z.object({ runId: z.string() }));

export const JobCanceled = defineEvent('JobCanceled', 1, z.object({ ...finished, reason: z.string() }));

/** A worker gave the job back to the queue (it was shutting down); another picks it up. */
export const JobRequeued = defineEvent('JobRequeued', 1, z.object({ runId: z.string(), reason: z.string() }));

export const jobEvents = [
  JobRequested,
  JobStarted,
  JobProgressed,
  JobAttemptFailed,
  JobCompleted,
  JobFailed,
  JobCancelRequested,
  JobCanceled,
  JobRequeued,
] as const;
