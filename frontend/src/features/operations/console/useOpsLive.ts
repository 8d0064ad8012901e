import {
  SERVER_EVENTS,
  type OpsAlertMessage,
  type OpsJobsMessage,
  type QueuesOverview,
  type RebuildProgress,
} from '@sparkhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSocket } from '../../realtime';
import { useToast } from '../../../ui';
import { opsKeys, type ProjectionsAnswer } from './console-api';

/** Job lists are read again at most this often while runs change (2,000 runs a minute must not mean 2,000 reads). */
const JOB_LIST_REFRESH_MS = 2000;

/**
 * The console's live updates, written into the react-query cache: queue overviews as pushed,
 * rebuild progress into the projections list, run changes into the job lists and pages (throttled),
 * and alerts as toasts.
 */
export function useOpsLive() {
  const client = useQueryClient();
  const toast = useToast();

  useEffect(() => {
    const socket = getSocket();
    let pending: ReturnType<typeof setTimeout> | null = null;
    const touched = new Set<string>();

    const onQueues = (overview: QueuesOverview) => client.setQueryData(opsKeys.queues(), overview);
    const onRebuild = (p: RebuildProgress) => {
      client.setQueryData<ProjectionsAnswer>(opsKeys.projections(), (old) =>
        old
          ? {
              ...old,
              projections: old.projections.map((x) =>
                x.name === p.projection ? { ...x, rebuilding: p.status === 'running', rebuild: p, lastError: p.error } : x,
              ),
            }
          : old,
      );
      if (p.status !== 'running') void client.invalidateQueries({ queryKey: opsKeys.projections() });
    };
    const onJobs = (m: OpsJobsMessage) => {
      for (const run of m.runs) touched.add(run.runId);
      pending ??= setTimeout(() => {
        pending = null;
        void client.invalidateQueries({ queryKey: [...opsKeys.jobs(), 'list'] });
        // runs move the log on: the read models' checkpoints and lag with it
        void client.invalidateQueries({ queryKey: opsKeys.projections() });
        for (const runId of touched) void client.invalidateQueries({ queryKey: opsKeys.job(runId) });
        touched.clear();
      }, JOB_LIST_REFRESH_MS);
    };
    const onAlert = (m: OpsAlertMessage) => {
      toast.show({
        kind: m.state === 'firing' ? 'error' : 'success',
        title: m.state === 'firing' ? 'Alert' : 'Resolved',
        message: m.message,
      });
      void client.invalidateQueries({ queryKey: opsKeys.alerts() });
    };
    // after a reconnect the pushes missed meanwhile are read afresh
    const onConnect = () => void client.invalidateQueries({ queryKey: opsKeys.all });

    socket.on(SERVER_EVENTS.opsQueues, onQueues);
    socket.on(SERVER_EVENTS.opsRebuild, onRebuild);
    socket.on(SERVER_EVENTS.opsJobs, onJobs);
    socket.on(SERVER_EVENTS.opsAlert, onAlert);
    socket.on('connect', onConnect);
    return () => {
      if (pending) clearTimeout(pending);
      socket.off(SERVER_EVENTS.opsQueues, onQueues);
      socket.off(SERVER_EVENTS.opsRebuild, onRebuild);
      socket.off(SERVER_EVENTS.opsJobs, onJobs);
      socket.off(SERVER_EVENTS.opsAlert, onAlert);
      socket.off('connect', onConnect);
    };
  }, [client, toast]);
}
