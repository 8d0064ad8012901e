import type { JobProgressMessage, JobRunView } from '@sparkhouse/contracts';
import { SERVER_EVENTS } from '@sparkhouse/contracts/realtime-names';
import { useEffect, useState } from 'react';
import { getSocket } from '../realtime';
import { appendLogEntry, type ProgressLogEntry } from './build-steps';

/**
 * The progress messages of one run as they arrive over socket.io, in order. After a reload the log
 * starts from the run's latest message (the read model keeps only that one) and grows from there.
 */
export function useProgressLog(run: JobRunView | undefined): ProgressLogEntry[] {
  const runId = run?.runId;
  const [log, setLog] = useState<ProgressLogEntry[]>([]);

  // a different run starts a new log (declared first: effects run in order, the seed comes after)
  useEffect(() => {
    setLog([]);
  }, [runId]);

  // seed from the read model (and pick up a message the socket missed while reconnecting)
  const latest = run?.message && run.step ? { at: run.startedAt ?? run.requestedAt, step: run.step, message: run.message } : null;
  const latestKey = latest ? `${latest.step}\u0000${latest.message}` : '';
  useEffect(() => {
    if (!latest) return;
    setLog((current) =>
      current.some((e) => e.step === latest.step && e.message === latest.message) ? current : appendLogEntry(current, latest),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runId, latestKey]);

  const live = run?.status === 'queued' || run?.status === 'running';

  // only a live run has messages still to come
  useEffect(() => {
    if (!runId || !live) return;
    const socket = getSocket();
    const onProgress = (m: JobProgressMessage) => {
      if (m.runId !== runId) return;
      setLog((current) => appendLogEntry(current, { at: m.at, step: m.step, message: m.message }));
    };
    socket.on(SERVER_EVENTS.jobProgress, onProgress);
    return () => {
      socket.off(SERVER_EVENTS.jobProgress, onProgress);
    };
  }, [runId, live]);

  return log;
}
