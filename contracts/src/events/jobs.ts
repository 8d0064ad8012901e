import { z } from 'zod';
import { defineEvent } from './envelope';
import { jobOwnerSchema, jobProgressSchema, jobStartSchema } from '../jobs';

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

/**
 * `name` (the job's) is on the lifecycle facts written since 2026-11-27, so a consumer interested in
 * some jobs only can pass the others by without a query; older facts have none.
 */
const jobName = z.string().optional();

/**
 * `at`: when the worker started the attempt. A worker stores its start with the run's first progress
 * reports (or with how the attempt ended, whichever comes first), so the event's own time is later.
 */
export const JobStarted = defineEvent(
  'JobStarted',
  1,
  z.object({ runId: z.string(), name: jobName, attempt: z.number().int(), workerId: z.string(), at: z.string().optional() }),
);

export const JobProgressed = defineEvent(
  'JobProgressed',
  1,
  // `at`: when the worker reported it (reports are stored in batches, so the event's own time is later)
  z.object({
    runId: z.string(),
    name: jobName,
    percent: z.number(),
    step: z.string(),
    message: z.string(),
    at: z.string().optional(),
  }),
);

export const JobAttemptFailed = defineEvent(
  'JobAttemptFailed',
  1,
  z.object({
    runId: z.string(),
    name: jobName,
    attempt: z.number().int(),
    reason: z.string(),
    retryInMs: z.number(),
    /** The error's stack, for operators (never shown to the job's owner). */
    stack: z.string().optional(),
  }),
);

/** Terminal events carry the job's name and owner, so a push needs no look-up. */
const finished = { runId: z.string(), name: z.string(), owner: jobOwnerSchema };

/**
 * `started` and `progress`: the attempt's start and the progress reports not stored before the run
 * ended, in order (a worker stores them with the completion: a run that ends within
 * JOB_PROGRESS_PERSIST_MS writes one event, not one per fact). They stand for the JobStarted and the
 * JobProgressed facts just before it: readers that follow them take them with startCarriedBy and
 * progressCarriedBy (or withCarriedFacts).
 */
export const JobCompleted = defineEvent(
  'JobCompleted',
  1,
  z.object({
    ...finished,
    result: z.unknown(),
    started: jobStartSchema.optional(),
    progress: z.array(jobProgressSchema).optional(),
  }),
);

export const JobFailed = defineEvent(
  'JobFailed',
  1,
  z.object({ ...finished, attempts: z.number().int(), reason: z.string(), stack: z.string().optional() }),
);

export const JobCancelRequested = defineEvent('JobCancelRequested', 1, z.object({ runId: z.string() }));

export const JobCanceled = defineEvent('JobCanceled', 1, z.object({ ...finished, reason: z.string() }));

/** A worker gave the job back to the queue (it was shutting down); another picks it up. */
export const JobRequeued = defineEvent('JobRequeued', 1, z.object({ runId: z.string(), name: jobName, reason: z.string() }));

/**
 * An operator asked for a finished run (failed or canceled) to run again. It carries what the
 * dispatcher needs to enqueue it afresh; the run's earlier attempts stay in its stream.
 */
export const JobRetryRequested = defineEvent(
  'JobRetryRequested',
  1,
  z.object({
    runId: z.string(),
    name: z.string(),
    queue: z.string(),
    owner: jobOwnerSchema,
    payload: z.unknown(),
    requestedAt: z.string(),
    correlationId: z.string(),
    /** 1 for the first retry of the run, and so on. */
    retry: z.number().int().positive(),
  }),
);

/** Operator actions on a queue as a whole (pause, resume, clean), for the audit trail. Stream: `queue-<name>`. */
export const QueuePaused = defineEvent('QueuePaused', 1, z.object({ queue: z.string() }));
export const QueueResumed = defineEvent('QueueResumed', 1, z.object({ queue: z.string() }));
export const QueueCleaned = defineEvent(
  'QueueCleaned',
  1,
  z.object({ queue: z.string(), state: z.string(), olderThanMs: z.number(), removed: z.number().int() }),
);

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
  JobRetryRequested,
  QueuePaused,
  QueueResumed,
  QueueCleaned,
] as const;
