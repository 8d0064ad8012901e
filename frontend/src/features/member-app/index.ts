// The member app's pure parts other features may use (the page itself is in lazy.ts).
export { enqueue, flushQueue, readQueue, type QueuedAction } from './offline-queue';
