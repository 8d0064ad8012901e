export { useRealtimeStatus } from './useRealtimeStatus';
export { useJobRunLive } from './useJobRunLive';
export { applyJobMessage, type LiveJobMessage } from './job-run-cache';
export { getSocket, type RealtimeStatus } from './socket';
