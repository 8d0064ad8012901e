import { z } from 'zod';
import { jobRunStatusSchema } from './jobs';
import type { QueuesOverview, RebuildProgress } from './api/operations-console-schemas';

// The names (path, rooms, message names) live in a zod-free module the web app loads up front.
export { REALTIME, rooms, SERVER_EVENTS, CLIENT_EVENTS } from './realtime-names';

const base = {
  runId: z.string(),
  name: z.string(),
  subjectId: z.string().nullable(),
};

export const jobProgressMessageSchema = z.object({
  ...base,
  percent: z.number(),
  step: z.string(),
  message: z.string(),
  at: z.string(),
});
/**
 * A run's end is pushed once, after what it produced is stored: its owning module's result handler
 * (`<job>.result.ts`) has written the result (a build's documents, a library item...) and the run's
 * read model has it. `token` is the log position of the last of those writes (or of the run's end):
 * sent as the consistency token, the reads it starts show the stored result. `stored` says whether
 * the result handler wrote anything, i.e. whether what shows the run's subject (`subjectId`) changed.
 */
const ended = { ...base, at: z.string(), token: z.string().nullable(), stored: z.boolean() };
export const jobCompletedMessageSchema = z.object({ ...ended, result: z.unknown() });
export const jobFailedMessageSchema = z.object({ ...ended, reason: z.string() });
export const jobCanceledMessageSchema = z.object({ ...ended });

export type JobProgressMessage = z.infer<typeof jobProgressMessageSchema>;
export type JobCompletedMessage = z.infer<typeof jobCompletedMessageSchema>;
export type JobFailedMessage = z.infer<typeof jobFailedMessageSchema>;
export type JobCanceledMessage = z.infer<typeof jobCanceledMessageSchema>;

/** Sent when the webhook has recorded a checkout's outcome; refetch purchases, cart, subscription, credit. */
export const checkoutUpdatedMessageSchema = z.object({
  sessionId: z.string(),
  status: z.enum(['pending', 'completed', 'failed', 'expired']),
  mode: z.enum(['payment', 'subscription']),
  productIds: z.array(z.string()),
  subscriptionId: z.string().nullable(),
  at: z.string(),
});
export type CheckoutUpdatedMessage = z.infer<typeof checkoutUpdatedMessageSchema>;

export const opsAlertMessageSchema = z.object({
  ruleId: z.string(),
  name: z.string(),
  state: z.enum(['firing', 'resolved']),
  message: z.string(),
  value: z.number(),
  at: z.string(),
});
export type OpsAlertMessage = z.infer<typeof opsAlertMessageSchema>;
export const opsJobMessageSchema = z.object({
  runId: z.string(),
  name: z.string(),
  queue: z.string(),
  status: jobRunStatusSchema,
  at: z.string(),
});
export type OpsJobMessage = z.infer<typeof opsJobMessageSchema>;
export const opsJobsMessageSchema = z.object({ runs: z.array(opsJobMessageSchema) });
export type OpsJobsMessage = z.infer<typeof opsJobsMessageSchema>;

export interface ServerToClientEvents {
  'job:progress': (m: JobProgressMessage) => void;
  'job:completed': (m: JobCompletedMessage) => void;
  'job:failed': (m: JobFailedMessage) => void;
  'job:canceled': (m: JobCanceledMessage) => void;
  message: (payload: unknown) => void;
  'commerce:checkout-updated': (m: CheckoutUpdatedMessage) => void;
  'ops:queues': (m: QueuesOverview) => void;
  'ops:rebuild': (m: RebuildProgress) => void;
  'ops:alert': (m: OpsAlertMessage) => void;
  'ops:jobs': (m: OpsJobsMessage) => void;
}

export const watchJobAckSchema = z.union([
  z.object({ ok: z.literal(true), status: jobRunStatusSchema }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type WatchJobAck = z.infer<typeof watchJobAckSchema>;

export interface ClientToServerEvents {
  'job:watch': (req: { runId: string }, ack: (a: WatchJobAck) => void) => void;
}

/** Handshake auth: a Bearer access token, or an anonymous visitor's id. */
export interface RealtimeAuth {
  token?: string;
  anonymousId?: string;
}
