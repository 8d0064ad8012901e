import type {
  JobCanceledMessage,
  JobCompletedMessage,
  JobFailedMessage,
  JobProgressMessage,
  JobRunView,
} from '@sparkhouse/contracts';
import { REALTIME, SERVER_EVENTS } from '@sparkhouse/contracts/realtime-names';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { rememberConsistencyToken } from '../../api/consistency-token';
import { isTerminalStatus, jobRunKeys, useJobRun } from '../../api/operations.queries';
import { applyJobMessage, type LiveJobMessage } from './job-run-cache';
import { getSocket } from './socket';

/**
 * A job run that updates itself: loaded over HTTP, then kept current by socket pushes written
 * into the react-query cache. Every (re)connect re-watches the run and refetches it, so a reload
 * or a dropped connection mid-job catches up. A run's end is pushed once, after its result is stored:
 * its token is kept as the consistency token, so what the page reads next shows the stored result.
 */
export function useJobRunLive(runId: string | null | undefined) {
  const query = useJobRun(runId);
  const queryClient = useQueryClient();
  const status = query.data?.status;
  const live = Boolean(runId) && !isTerminalStatus(status);

  useEffect(() => {
    if (!runId || !live) return;
    const socket = getSocket();
    const key = jobRunKeys.detail(runId);

    const apply = (message: LiveJobMessage) => {
      if (message.message.runId !== runId) return;
      if (message.type !== 'progress') rememberConsistencyToken(message.message.token);
      const before = queryClient.getQueryData<JobRunView>(key)?.status;
      queryClient.setQueryData<JobRunView>(key, (run) => (run ? applyJobMessage(run, message) : run));
      // lists show statuses: refresh them when this run starts and when it ends, not on every tick
      const started = message.type === 'progress' && before === 'queued';
      if (started || message.type !== 'progress') void queryClient.invalidateQueries({ queryKey: jobRunKeys.lists() });
      // the end is read back from the read model too: a push missed while reconnecting (a step) is not lost
      if (message.type !== 'progress') void queryClient.invalidateQueries({ queryKey: key });
    };
    const onProgress = (message: JobProgressMessage) => apply({ type: 'progress', message });
    const onCompleted = (message: JobCompletedMessage) => apply({ type: 'completed', message });
    const onFailed = (message: JobFailedMessage) => apply({ type: 'failed', message });
    const onCanceled = (message: JobCanceledMessage) => apply({ type: 'canceled', message });

    const watch = () => {
      socket.timeout(REALTIME.timeoutMs).emit('job:watch', { runId }, () => {
        // Whatever the ack says, the read model is the truth: refetch to catch up on missed pushes.
        void queryClient.invalidateQueries({ queryKey: key });
      });
    };

    socket.on(SERVER_EVENTS.jobProgress, onProgress);
    socket.on(SERVER_EVENTS.jobCompleted, onCompleted);
    socket.on(SERVER_EVENTS.jobFailed, onFailed);
    socket.on(SERVER_EVENTS.jobCanceled, onCanceled);
    socket.on('connect', watch);
    if (socket.connected) watch();

    return () => {
      socket.off(SERVER_EVENTS.jobProgress, onProgress);
      socket.off(SERVER_EVENTS.jobCompleted, onCompleted);
      socket.off(SERVER_EVENTS.jobFailed, onFailed);
      socket.off(SERVER_EVENTS.jobCanceled, onCanceled);
      socket.off('connect', watch);
    };
  }, [runId, live, queryClient]);

  // a run that ended without its pushes reaching this page (caught by a re-read): lists show its status too
  const terminal = isTerminalStatus(status);
  useEffect(() => {
    if (runId && terminal) void queryClient.invalidateQueries({ queryKey: jobRunKeys.lists() });
  }, [runId, terminal, queryClient]);

  return query;
}
