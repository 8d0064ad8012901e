import { z } from 'zod';

/**
 * Every queue and job of the platform, declared once. Names are stable strings stored in Redis:
 * never derive them from class names, and never rename one that has shipped.
 */
export const QUEUES = {
  appBuilds: 'app-builds',
  brainstorms: 'brainstorms',
  aiDescriptions: 'ai-descriptions',
  images: 'image-generation',
  plans: 'personalized-plans',
  email: 'outgoing-email',
  operations: 'operations',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Who a job works for: its progress is pushed to this owner's rooms only. */
export const jobOwnerSchema = z.object({
  /** A user id, or an anonymous visitor's anon_ id. */
  ownerId: z.string().min(1),
  /** Optional subject room, e.g. an app id, so every tab of that app follows the job. */
  subjectId: z.string().min(1).optional(),
});
export type JobOwner = z.infer<typeof jobOwnerSchema>;

export const jobProgressSchema = z.object({
  percent: z.number().min(0).max(100),
  step: z.string().min(1),
  message: z.string().default(''),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

interface JobDefinition<P extends z.ZodType, R extends z.ZodType> {
  queue: QueueName;
  payload: P;
  result: R;
  /** The named steps a user watches, in order. */
  steps: readonly string[];
  /** Attempts before the run is marked failed (first try included). */
  attempts: number;
  /** First retry delay; doubles each time. */
  backoffMs: number;
  /** Whether an owner may cancel a run of this job. */
  cancellable: boolean;
}

const defineJob = <P extends z.ZodType, R extends z.ZodType>(d: JobDefinition<P, R>) => d;

export const pipelineCheckPayloadSchema = z.object({
  /** How many named steps to walk through (1-10). */
  steps: z.number().int().min(1).max(10).default(3),
  /** Time spent in each step, to watch progress arrive (0-5000 ms). */
  stepDelayMs: z.number().int().min(0).max(5000).default(0),
  /** Fail on this step (1-based) to see the failure path; omitted means succeed. */
  failAtStep: z.number().int().min(1).max(10).optional(),
});
export type PipelineCheckPayload = z.infer<typeof pipelineCheckPayloadSchema>;

export const pipelineCheckResultSchema = z.object({
  stepsCompleted: z.number().int(),
  workerPid: z.number().int(),
  queuedForMs: z.number(),
});

export const JOBS = {
  /** Operations: a synthetic run through the whole pipeline (enqueue, worker, events, push). */
  'operations.pipeline-check': defineJob({
    queue: QUEUES.operations,
    payload: pipelineCheckPayloadSchema,
    result: pipelineCheckResultSchema,
    steps: ['checking', 'reporting'],
    attempts: 1,
    backoffMs: 1000,
    cancellable: true,
  }),
} as const;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.output<(typeof JOBS)[N]['payload']>;
export type JobResult<N extends JobName> = z.output<(typeof JOBS)[N]['result']>;
export const JOB_NAMES = Object.keys(JOBS) as JobName[];

/** What travels in Redis: the run id that ties the BullMQ job to its job_run, its owner, its payload. */
export interface JobEnvelope<N extends JobName = JobName> {
  runId: string;
  name: N;
  owner: JobOwner;
  payload: JobPayload<N>;
  requestedAt: string;
  correlationId: string;
}

export const jobRunStatusSchema = z.enum(['queued', 'running', 'completed', 'failed', 'canceled']);
export type JobRunStatus = z.infer<typeof jobRunStatusSchema>;

export const jobRunSchema = z.object({
  runId: z.string(),
  name: z.string(),
  queue: z.string(),
  ownerId: z.string(),
  subjectId: z.string().nullable(),
  status: jobRunStatusSchema,
  percent: z.number(),
  step: z.string().nullable(),
  message: z.string().nullable(),
  steps: z.array(z.object({ step: z.string(), startedAt: z.string() })),
  attempts: z.number().int(),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type JobRunView = z.infer<typeof jobRunSchema>;
