// Plain names of the realtime channel, without zod: the web app's first page imports them directly
// (@sparkhouse/contracts/realtime-names), so its initial bundle carries no schema code.

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
  /** Sockets of operations console users (admins, operators, viewers): queue overviews, rebuilds, alerts. */
  operators: 'operators',
};

/** Server -> client message names. */
export const SERVER_EVENTS = {
  jobProgress: 'job:progress',
  /** A run's end, pushed once its result is stored (see contracts/realtime: token, stored). */
  jobCompleted: 'job:completed',
  jobFailed: 'job:failed',
  jobCanceled: 'job:canceled',
  /** The spec's generic channel: an event named `message` with a payload. */
  message: 'message',
  /** A checkout of the buyer landed (webhook processed) or expired: to the buyer's owner room. */
  checkoutUpdated: 'commerce:checkout-updated',
  /** Operations console: a fresh queue overview (every few seconds while operators are connected). */
  opsQueues: 'ops:queues',
  /** Operations console: a projection rebuild's progress. */
  opsRebuild: 'ops:rebuild',
  /** Operations console: an alert fired or resolved. */
  opsAlert: 'ops:alert',
  /**
   * Operations console: runs that changed state (for the job table), the changes of one delivered
   * batch of the log in one message.
   */
  opsJobs: 'ops:jobs',
} as const;

/** Client -> server message names. */
export const CLIENT_EVENTS = {
  /** Follow a run the socket's owner owns (e.g. after a reload). Answers with an ack. */
  watchJob: 'job:watch',
} as const;
