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
export const jobCompletedMessageSchema = z.object({ ...base, result: z.unknown(), at: z.string() });
export const jobFailedMessageSchema = z.object({ ...base, reason: z.string(), at: z.string() });
export const jobCanceledMessageSchema = z.object({ ...base, at: z.string() });

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

/**
 * A file of an app's media library was read (its thumbnail or poster frame is there, or it could not be
 * read): refetch the library, sending `token` as the consistency token so the read shows it.
 */
export const mediaReadMessageSchema = z.object({
  appId: z.string(),
  mediaId: z.string(),
  state: z.enum(['done', 'failed']),
  token: z.string(),
  at: z.string(),
});
export type MediaReadMessage = z.infer<typeof mediaReadMessageSchema>;

/**
 * A job's results were stored in an app after the run was announced done (a build's documents, a
 * landing-page edit, a new app image, landing-page pictures, a picture made from library files, each
 * in the media library too): refetch what shows the app, sending `token` as the consistency token so
 * the read shows them.
 */
export const appUpdatedMessageSchema = z.object({
  appId: z.string(),
  runId: z.string(),
  token: z.string(),
  at: z.string(),
});
export type AppUpdatedMessage = z.infer<typeof appUpdatedMessageSchema>;

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

export interface ServerToClientEvents {
  'job:progress': (m: JobProgressMessage) => void;
  'job:completed': (m: JobCompletedMessage) => void;
  'job:failed': (m: JobFailedMessage) => void;
  'job:canceled': (m: JobCanceledMessage) => void;
  message: (payload: unknown) => void;
  'commerce:checkout-updated': (m: CheckoutUpdatedMessage) => void;
  'media:read': (m: MediaReadMessage) => void;
  'creator:app-updated': (m: AppUpdatedMessage) => void;
  'ops:queues': (m: QueuesOverview) => void;
  'ops:rebuild': (m: RebuildProgress) => void;
  'ops:alert': (m: OpsAlertMessage) => void;
  'ops:job': (m: OpsJobMessage) => void;
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
