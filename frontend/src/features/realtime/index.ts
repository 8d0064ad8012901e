export { useRealtimeStatus } from './useRealtimeStatus';
export { useJobRunLive } from './useJobRunLive';
export { applyJobMessage, type LiveJobMessage } from './job-run-cache';
export { getSocket, type RealtimeStatus } from './socket';
export { elapsedMs, useRunClock } from './useRunClock';
export { CancelRunButton, RunLoadStates, RunProgress, RunWaiting, runMessage } from './RunParts';
