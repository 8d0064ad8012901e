import { z } from 'zod';
import { alertRuleFieldsSchema } from '../events/operations';
import { jobRunStatusSchema, QUEUES } from '../jobs';

// Shapes of the operations console's calls (operations-console.ts).

export const opsIsoDate = z.iso.datetime({ message: 'must be an ISO date-time', offset: true });
export const opsQueueName = z.enum(Object.values(QUEUES) as [string, ...string[]], {
  message: 'must be a queue of contracts/jobs',
});
export const opsRunIdParam = z.object({ runId: z.uuid('must be a job run id') });
export const opsCursor = z.string().min(1).max(400);

export const consoleRoleSchema = z.enum(['admin', 'operator', 'viewer']);
export type ConsoleRole = z.infer<typeof consoleRoleSchema>;

export const queueCountsSchema = z.object({
  waiting: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  delayed: z.number().int(),
  prioritized: z.number().int().optional(),
  paused: z.number().int().optional(),
});

export const queueOverviewSchema = z.object({
  name: z.string(),
  paused: z.boolean(),
  counts: queueCountsSchema,
  /** Runs finished per minute over the last 5 minutes. */
  throughput: z.number(),
  /** Failed runs as a fraction (0-1) of the runs finished in the last hour. */
  failureRate: z.number(),
  /** Age of the job that has waited longest, in ms (0 when nothing waits). */
  oldestWaitingAgeMs: z.number(),
  /** The job names declared on this queue. */
  jobNames: z.array(z.string()),
});
export type QueueOverview = z.infer<typeof queueOverviewSchema>;
export const queuesOverviewSchema = z.object({ queues: z.array(queueOverviewSchema), at: z.string() });
export type QueuesOverview = z.infer<typeof queuesOverviewSchema>;

export const queueSeriesPointSchema = z.object({
  /** Start of the minute (ISO). */
  at: z.string(),
  completed: z.number().int(),
  failed: z.number().int(),
  waitP50Ms: z.number().nullable(),
  waitP95Ms: z.number().nullable(),
  runP50Ms: z.number().nullable(),
  runP95Ms: z.number().nullable(),
});
export type QueueSeriesPoint = z.infer<typeof queueSeriesPointSchema>;

export const opsQueueParam = z.object({ name: opsQueueName });
export const opsQueueState = z.object({ name: z.string(), paused: z.boolean() });

export const cleanableStates = ['completed', 'failed', 'delayed', 'wait'] as const;
export const entityLinksSchema = z.object({
  user: z.string().optional(),
  app: z.string().optional(),
  plan: z.string().optional(),
});

export const jobSummarySchema = z.object({
  runId: z.string(),
  name: z.string(),
  queue: z.string(),
  ownerId: z.string(),
  /** The owner's email when the owner is a user. */
  ownerEmail: z.string().nullable(),
  /** The email of the user the run works for (its user entity), when known. */
  userEmail: z.string().nullable(),
  entities: entityLinksSchema,
  status: jobRunStatusSchema,
  percent: z.number(),
  step: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

export const jobStepSchema = z.object({
  step: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  message: z.string(),
  /** 1-based attempt (of the run's whole life, retries included) the step belongs to. */
  attempt: z.number().int(),
});
export const jobAttemptSchema = z.object({
  attempt: z.number().int(),
  workerId: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  outcome: z.enum(['running', 'completed', 'failed', 'retrying', 'canceled', 'requeued']),
  error: z.string().nullable(),
  stack: z.string().nullable(),
});
export const jobLogLineSchema = z.object({ at: z.string(), text: z.string() });

export const jobDetailSchema = jobSummarySchema.extend({
  subjectId: z.string().nullable(),
  correlationId: z.string().nullable(),
  /** The payload as the job received it, with secret-looking fields replaced by "[redacted]". */
  payload: z.unknown(),
  result: z.unknown().nullable(),
  message: z.string().nullable(),
  plannedSteps: z.array(z.string()),
  attemptsDetail: z.array(jobAttemptSchema),
  timeline: z.array(jobStepSchema),
  logs: z.array(jobLogLineSchema),
  /** Where the job is in BullMQ right now (null when Redis no longer holds it). */
  queueState: z.string().nullable(),
  cancelRequested: z.boolean(),
  /** Which actions make sense in its state. */
  actions: z.object({ retry: z.boolean(), promote: z.boolean(), remove: z.boolean(), cancel: z.boolean() }),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

export const consoleEventSchema = z.object({
  position: z.string(),
  streamId: z.string(),
  streamVersion: z.number().int(),
  type: z.string(),
  schemaVersion: z.number().int(),
  payload: z.unknown(),
  metadata: z.object({
    actor: z.string(),
    correlationId: z.string(),
    causationId: z.string().nullable(),
    occurredAt: z.string(),
  }),
});
export type ConsoleEvent = z.infer<typeof consoleEventSchema>;

export const rebuildProgressSchema = z.object({
  projection: z.string(),
  status: z.enum(['running', 'completed', 'failed']),
  phase: z.enum(['copying', 'replaying', 'switching', 'done']),
  runId: z.string().nullable(),
  eventsReplayed: z.number().int(),
  eventsTotal: z.number().int(),
  /** Events per second over the rebuild so far. */
  rate: z.number(),
  etaMs: z.number().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type RebuildProgress = z.infer<typeof rebuildProgressSchema>;

export const projectionStatusSchema = z.object({
  name: z.string(),
  version: z.number().int(),
  /** Position of the last event applied. */
  checkpoint: z.string(),
  /** Events in the log after the checkpoint. */
  lag: z.number().int(),
  rebuilding: z.boolean(),
  lastError: z.string().nullable(),
  updatedAt: z.string().nullable(),
  rebuild: rebuildProgressSchema.nullable(),
});
export type ProjectionStatus = z.infer<typeof projectionStatusSchema>;

export const alertRuleSchema = alertRuleFieldsSchema.extend({
  id: z.string(),
  state: z.enum(['ok', 'pending', 'firing']),
  /** Since when the condition holds (pending or firing). */
  since: z.string().nullable(),
  lastValue: z.number().nullable(),
  lastFiredAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const outboxEmailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** held: no SMTP server configured, kept in the outbox; pending: to be sent; sent; failed: the last try failed. */
  state: z.enum(['held', 'pending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Names of the extra headers it carries (List-Unsubscribe, List-Unsubscribe-Post); never their values. */
  headerNames: z.array(z.string()),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string().nullable(),
  type: z.string().nullable(),
  receivedAt: z.string(),
  /** accepted (in the inbox, being applied), processed, ignored (not an event we act on), duplicate, retry-later and retrying (applied again soon), failed (given up), bad-signature. */
  outcome: z.string(),
  duplicate: z.boolean(),
  httpStatus: z.number().int(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const consoleMemberSchema = z.object({ userId: z.string(), email: z.string(), role: consoleRoleSchema });
