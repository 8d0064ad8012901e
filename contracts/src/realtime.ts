import { z } from 'zod';
import { jobRunStatusSchema } from './jobs';

/** socket.io path and the client's reconnection policy (spec section 9). */
export const REALTIME = {
  path: '/socket.io',
  reconnectionDelayMs: 1000,
  reconnectionDelayMaxMs: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
  timeoutMs: 20000,
} as const;

/** Rooms a socket joins. A socket joins its owner's room on connect; job and subject rooms need ownership. */
export const rooms = {
  owner: (ownerId: string) => `owner:${ownerId}`,
  job: (runId: string) => `job:${runId}`,
  subject: (subjectId: string) => `subject:${subjectId}`,
};

/** Server -> client message names. */
export const SERVER_EVENTS = {
  jobProgress: 'job:progress',
  jobCompleted: 'job:completed',
  jobFailed: 'job:failed',
  jobCanceled: 'job:canceled',
  /** The spec's generic channel: an event named `message` with a payload. */
  message: 'message',
  /** A checkout of the buyer landed (webhook processed) or expired: to the buyer's owner room. */
  checkoutUpdated: 'commerce:checkout-updated',
} as const;

/** Client -> server message names. */
export const CLIENT_EVENTS = {
  /** Follow a run the socket's owner owns (e.g. after a reload). Answers with an ack. */
  watchJob: 'job:watch',
} as const;

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

export interface ServerToClientEvents {
  'job:progress': (m: JobProgressMessage) => void;
  'job:completed': (m: JobCompletedMessage) => void;
  'job:failed': (m: JobFailedMessage) => void;
  'job:canceled': (m: JobCanceledMessage) => void;
  message: (payload: unknown) => void;
  'commerce:checkout-updated': (m: CheckoutUpdatedMessage) => void;
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
