import { isEventOf, type PayloadOf, type StoredEvent } from '@sparkhouse/contracts';

/** How a run's latest attempt ended (a retry reopens it). */
type End = 'JobCompleted' | 'JobFailed' | 'JobCanceled' | 'JobRetryRequested';

/** What operators' commands on a run decide with, folded from the run's stream (`job-<runId>`). */
export interface RunState {
  /** The request that opened the stream (null: the stream does not start with one). */
  requested: { payload: PayloadOf<'JobRequested'>; occurredAt: string; correlationId: string } | null;
  /** It reached an end that no retry reopened since (as the platform's jobRunModel tells it). */
  finished: boolean;
  lastEnd: End | null;
  retries: number;
  /** Since the last retry (or the request): a worker started it, and a cancel was asked for. */
  startedSinceRetry: boolean;
  cancelRequestedSinceRetry: boolean;
}

/** Folds a run's events onto its state (null: no event yet). */
export function foldRun(events: readonly StoredEvent[], state: RunState | null): RunState | null {
  let s = state;
  for (const e of events) {
    if (!s) {
      s = {
        requested: isEventOf(e, 'JobRequested')
          ? { payload: e.payload, occurredAt: e.metadata.occurredAt, correlationId: e.metadata.correlationId }
          : null,
        finished: false,
        lastEnd: null,
        retries: 0,
        startedSinceRetry: false,
        cancelRequestedSinceRetry: false,
      };
    }
    if (isEventOf(e, 'JobCompleted', 'JobFailed', 'JobCanceled')) s = { ...s, finished: true, lastEnd: e.type };
    else if (isEventOf(e, 'JobRetryRequested'))
      s = {
        ...s,
        finished: false,
        lastEnd: e.type,
        retries: s.retries + 1,
        startedSinceRetry: false,
        cancelRequestedSinceRetry: false,
      };
    else if (isEventOf(e, 'JobStarted')) s = { ...s, startedSinceRetry: true };
    else if (isEventOf(e, 'JobCancelRequested')) s = { ...s, cancelRequestedSinceRetry: true };
  }
  return s;
}
