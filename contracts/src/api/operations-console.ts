import { z } from 'zod';
import { alertRuleFieldsSchema } from '../events/operations';
import { defineCall, queryLimit } from '../http';
import { jobRunStatusSchema } from '../jobs';
import {
  alertRuleSchema,
  consoleEventSchema,
  consoleMemberSchema,
  consoleRoleSchema,
  cleanableStates,
  opsCursor,
  opsIsoDate,
  jobDetailSchema,
  jobSummarySchema,
  outboxEmailSchema,
  projectionStatusSchema,
  opsQueueName,
  opsQueueParam,
  opsQueueState,
  queueSeriesPointSchema,
  queuesOverviewSchema,
  opsRunIdParam,
  webhookDeliverySchema,
} from './operations-console-schemas';

// The operations console (issue 12): queues, jobs, the event log, read models, alerts, the email
// outbox, Stripe webhook deliveries and analytics. Reads need the `viewer` access, actions `operator`.
// Only calls here: this module's exports are listed as calls (api/index.ts).
export const getConsoleAccess = defineCall({
  id: 'getConsoleAccess',
  module: 'operations',
  method: 'GET',
  path: '/operations/me',
  access: 'user',
  style: 'envelope',
  summary: "The caller's role in the operations console: admin, operator (may act), viewer (reads only) or none.",
  response: z.object({ role: consoleRoleSchema.nullable(), canAct: z.boolean() }),
});

// ---- queues ----

export const listQueues = defineCall({
  id: 'listQueues',
  module: 'operations',
  method: 'GET',
  path: '/operations/queues',
  access: 'viewer',
  style: 'envelope',
  summary: 'Every queue of contracts/jobs: paused or not, BullMQ counts, throughput, failure rate, oldest waiting job.',
  response: queuesOverviewSchema,
});

export const getQueueSeries = defineCall({
  id: 'getQueueSeries',
  module: 'operations',
  method: 'GET',
  path: '/operations/queues/series',
  access: 'viewer',
  style: 'envelope',
  summary: 'Per-minute throughput, failures, wait and run time (p50/p95) over the last hour, for one queue or all.',
  query: z.object({
    queue: opsQueueName.optional(),
    minutes: z.coerce
      .number({ message: 'must be a number' })
      .int()
      .min(5)
      .max(24 * 60)
      .default(60),
  }),
  response: z.object({ points: z.array(queueSeriesPointSchema) }),
});

export const pauseQueue = defineCall({
  id: 'pauseQueue',
  module: 'operations',
  method: 'POST',
  path: '/operations/queues/:name/pause',
  access: 'operator',
  style: 'envelope',
  summary: 'Pause a queue: workers finish what they hold and take nothing new.',
  params: opsQueueParam,
  response: opsQueueState,
});

export const resumeQueue = defineCall({
  id: 'resumeQueue',
  module: 'operations',
  method: 'POST',
  path: '/operations/queues/:name/resume',
  access: 'operator',
  style: 'envelope',
  summary: 'Resume a paused queue.',
  params: opsQueueParam,
  response: opsQueueState,
});

export const cleanQueue = defineCall({
  id: 'cleanQueue',
  module: 'operations',
  method: 'POST',
  path: '/operations/queues/:name/clean',
  access: 'operator',
  style: 'envelope',
  summary:
    'Remove jobs in one state older than ageMs from the queue (at most 10,000 at once). Waiting or delayed runs removed ' +
    'this way are recorded as canceled; run history stays in the console.',
  params: opsQueueParam,
  body: z.object({
    state: z.enum(cleanableStates, { message: `must be one of ${cleanableStates.join(', ')}` }),
    ageMs: z
      .number()
      .int()
      .min(0)
      .max(365 * 24 * 3600 * 1000),
  }),
  response: z.object({ name: z.string(), state: z.string(), removed: z.number().int() }),
});

// ---- jobs ----

export const searchJobs = defineCall({
  id: 'searchJobs',
  module: 'operations',
  method: 'GET',
  path: '/operations/jobs',
  access: 'viewer',
  style: 'envelope',
  summary:
    'Job runs across every queue, newest first, filtered by state, job name, queue, the user/app/plan they work for ' +
    '(email finds the user by email) and time; keyset pages (nextCursor).',
  query: z.object({
    state: jobRunStatusSchema.optional(),
    name: z.string().min(1).max(200).optional(),
    queue: opsQueueName.optional(),
    userId: z.string().min(1).max(200).optional(),
    email: z.string().trim().toLowerCase().min(3).max(320).optional(),
    appId: z.string().min(1).max(200).optional(),
    planId: z.string().min(1).max(200).optional(),
    from: opsIsoDate.optional(),
    to: opsIsoDate.optional(),
    cursor: opsCursor.optional(),
    limit: queryLimit(200, 50),
  }),
  response: z.object({ jobs: z.array(jobSummarySchema), nextCursor: z.string().nullable() }),
});

export const getJobDetail = defineCall({
  id: 'getJobDetail',
  module: 'operations',
  method: 'GET',
  path: '/operations/jobs/:runId',
  access: 'viewer',
  style: 'envelope',
  summary:
    'One run: payload (secrets redacted), owner, entity links, attempts with errors and stacks, step timeline, logs, result.',
  params: opsRunIdParam,
  response: jobDetailSchema,
});

const jobAction = (action: 'retry' | 'promote' | 'remove' | 'cancel', summary: string) =>
  defineCall({
    id: `${action}Job`,
    module: 'operations',
    method: 'POST',
    path: `/operations/jobs/:runId/${action}`,
    access: 'operator',
    style: 'envelope',
    summary,
    params: opsRunIdParam,
    response: z.object({ runId: z.string(), status: jobRunStatusSchema }),
    successStatus: 202,
  });

export const retryJob = jobAction('retry', 'Run a failed or canceled run again (409 otherwise).');
export const promoteJob = jobAction(
  'promote',
  'Run a delayed job (e.g. waiting for its next retry) now (409 when it is not delayed).',
);
export const removeJob = jobAction(
  'remove',
  'Remove the job from its queue; a run that had not finished is recorded as canceled (409 while it runs: cancel it).',
);
export const cancelJob = jobAction('cancel', 'Cancel a queued or running run (409 when it has finished).');

export const retryFailedJobs = defineCall({
  id: 'retryFailedJobs',
  module: 'operations',
  method: 'POST',
  path: '/operations/jobs/retry-failed',
  access: 'operator',
  style: 'envelope',
  summary: 'Retry every failed run of a queue and/or job name (at most 1,000 at once).',
  query: z.object({ queue: opsQueueName.optional(), name: z.string().min(1).max(200).optional() }),
  response: z.object({ retried: z.number().int() }),
  successStatus: 202,
});

// ---- events and read models ----

export const browseEvents = defineCall({
  id: 'browseEvents',
  module: 'operations',
  method: 'GET',
  path: '/operations/events',
  access: 'viewer',
  style: 'envelope',
  summary:
    'The event log, newest first: by stream, type, correlation id (follow one request across streams) and time; ' +
    'keyset pages by position. Secret-looking payload fields are redacted.',
  query: z.object({
    streamId: z.string().min(1).max(300).optional(),
    type: z.string().min(1).max(200).optional(),
    correlationId: z.string().min(1).max(200).optional(),
    from: opsIsoDate.optional(),
    to: opsIsoDate.optional(),
    cursor: z
      .string()
      .regex(/^\d{1,19}$/, 'must be a position')
      .optional(),
    limit: queryLimit(500, 50),
  }),
  response: z.object({ events: z.array(consoleEventSchema), nextCursor: z.string().nullable() }),
});

export const listProjections = defineCall({
  id: 'listProjections',
  module: 'operations',
  method: 'GET',
  path: '/operations/projections',
  access: 'viewer',
  style: 'envelope',
  summary: 'Every projection: version, checkpoint, lag behind the log, whether it is being rebuilt, its last error.',
  response: z.object({ projections: z.array(projectionStatusSchema), head: z.string() }),
});

export const rebuildProjection = defineCall({
  id: 'rebuildProjection',
  module: 'operations',
  method: 'POST',
  path: '/operations/projections/:name/rebuild',
  access: 'operator',
  style: 'envelope',
  summary:
    'Rebuild a read model in the background (the same rebuild as `npm run replay`): a new copy is built beside the live ' +
    'one, which keeps answering until the copy has caught up; a failed rebuild leaves the live one. 409 while one runs.',
  params: z.object({ name: z.string().min(1).max(200) }),
  response: z.object({ runId: z.string(), projection: z.string() }),
  successStatus: 202,
});

// ---- bull-board ----

export const openQueueBoard = defineCall({
  id: 'openQueueBoard',
  module: 'operations',
  method: 'POST',
  path: '/operations/queue-board/session',
  access: 'admin',
  style: 'envelope',
  summary:
    'Lets this browser into the raw BullMQ dashboard at /ops/queues for 10 minutes: a short-lived, HttpOnly, ' +
    'SameSite=Strict cookie (never a token in the URL).',
  response: z.object({ url: z.string(), expiresAt: z.string() }),
});

// ---- alerts ----

export const listAlertRules = defineCall({
  id: 'listAlertRules',
  module: 'operations',
  method: 'GET',
  path: '/operations/alerts',
  access: 'viewer',
  style: 'envelope',
  summary: 'Alert rules with their state (ok, pending, firing).',
  response: z.object({ rules: z.array(alertRuleSchema) }),
});

export const createAlertRule = defineCall({
  id: 'createAlertRule',
  module: 'operations',
  method: 'POST',
  path: '/operations/alerts',
  access: 'operator',
  style: 'envelope',
  summary:
    'A new alert rule: backlog (waiting jobs over threshold for forMinutes) or failure-rate (percent failed over the last ' +
    'forMinutes above threshold). A firing alert toasts connected operators and emails them through the outbox.',
  body: alertRuleFieldsSchema,
  response: alertRuleSchema,
  successStatus: 201,
});

export const updateAlertRule = defineCall({
  id: 'updateAlertRule',
  module: 'operations',
  method: 'PUT',
  path: '/operations/alerts/:ruleId',
  access: 'operator',
  style: 'envelope',
  summary: 'Change an alert rule (all its fields).',
  params: z.object({ ruleId: z.uuid('must be an alert rule id') }),
  body: alertRuleFieldsSchema,
  response: alertRuleSchema,
});

export const deleteAlertRule = defineCall({
  id: 'deleteAlertRule',
  module: 'operations',
  method: 'DELETE',
  path: '/operations/alerts/:ruleId',
  access: 'operator',
  style: 'envelope',
  summary: 'Remove an alert rule.',
  params: z.object({ ruleId: z.uuid('must be an alert rule id') }),
  response: z.object({ ruleId: z.string(), removed: z.literal(true) }),
});

// ---- email outbox, webhooks, analytics ----

export const listOutboxEmails = defineCall({
  id: 'listOutboxEmails',
  module: 'operations',
  method: 'GET',
  path: '/operations/emails',
  access: 'viewer',
  style: 'envelope',
  summary: 'The email outbox, newest first (to, subject, state, attempts; never the body or a code).',
  query: z.object({
    state: z.enum(['held', 'pending', 'sent', 'failed']).optional(),
    to: z.string().trim().toLowerCase().min(1).max(320).optional(),
    cursor: z
      .string()
      .regex(/^\d{1,19}$/, 'must be an outbox id')
      .optional(),
    limit: queryLimit(200, 50),
  }),
  response: z.object({ emails: z.array(outboxEmailSchema), nextCursor: z.string().nullable(), smtpConfigured: z.boolean() }),
});

export const retryOutboxEmail = defineCall({
  id: 'retryOutboxEmail',
  module: 'operations',
  method: 'POST',
  path: '/operations/emails/:id/retry',
  access: 'operator',
  style: 'envelope',
  summary: 'Try sending an unsent email again now (409 when it was sent, or when no SMTP server is configured).',
  params: z.object({ id: z.string().regex(/^\d{1,19}$/, 'must be an outbox id') }),
  response: outboxEmailSchema,
});

export const listWebhookDeliveries = defineCall({
  id: 'listWebhookDeliveries',
  module: 'operations',
  method: 'GET',
  path: '/operations/webhooks',
  access: 'viewer',
  style: 'envelope',
  summary: 'Every Stripe webhook delivery received, newest first: event id, type, outcome, duplicate, status, time taken.',
  query: z.object({
    outcome: z.string().min(1).max(40).optional(),
    eventId: z.string().min(1).max(200).optional(),
    cursor: z
      .string()
      .regex(/^\d{1,19}$/, 'must be a delivery id')
      .optional(),
    limit: queryLimit(200, 50),
  }),
  response: z.object({ deliveries: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() }),
});

export const getPageViews = defineCall({
  id: 'getPageViews',
  module: 'operations',
  method: 'GET',
  path: '/operations/analytics/page-views',
  access: 'viewer',
  style: 'envelope',
  summary: 'Page views per route per day (from the analytics collector), most viewed routes first.',
  query: z.object({ days: z.coerce.number({ message: 'must be a number' }).int().min(1).max(90).default(14) }),
  response: z.object({
    days: z.array(z.string()),
    routes: z.array(z.object({ route: z.string(), total: z.number().int(), perDay: z.array(z.number().int()) })),
    totalEvents: z.number().int(),
  }),
});

// ---- roles ----

export const listConsoleMembers = defineCall({
  id: 'listConsoleMembers',
  module: 'operations',
  method: 'GET',
  path: '/operations/members',
  access: 'admin',
  style: 'envelope',
  summary: 'Who may use the operations console: admins, operators (act) and viewers (read only).',
  response: z.object({ members: z.array(consoleMemberSchema) }),
});

export const setConsoleRole = defineCall({
  id: 'setConsoleRole',
  module: 'operations',
  method: 'PUT',
  path: '/operations/members',
  access: 'admin',
  style: 'envelope',
  summary:
    "Give an account the operator or viewer role, or take it away (none). Takes effect with the account's next token " +
    '(at most 15 minutes, or at its next sign-in). Admins are made with IDENTITY_ADMIN_EMAIL.',
  body: z.object({
    email: z.string().trim().toLowerCase().min(3).max(320),
    role: z.enum(['operator', 'viewer', 'none']),
  }),
  response: z.object({ userId: z.string(), email: z.string(), role: consoleRoleSchema.nullable() }),
});

export const getMetrics = defineCall({
  id: 'getMetrics',
  module: 'operations',
  method: 'GET',
  path: '/metrics',
  access: 'public',
  style: 'legacy',
  summary:
    'Prometheus metrics (text exposition format): HTTP durations by route and status, event relay lag per subscriber, ' +
    'queue depths, job durations, API and worker process metrics. For admins, or with Authorization: Bearer <METRICS_TOKEN>.',
  response: z.string(),
});
