import type {
  JobCanceledMessage,
  JobCompletedMessage,
  JobFailedMessage,
  JobProgressMessage,
  JobRunView,
} from '@sparkhouse/contracts';

export type LiveJobMessage =
  | { type: 'progress'; message: JobProgressMessage }
  | { type: 'completed'; message: JobCompletedMessage }
  | { type: 'failed'; message: JobFailedMessage }
  | { type: 'canceled'; message: JobCanceledMessage };

const TERMINAL = new Set<JobRunView['status']>(['completed', 'failed', 'canceled']);

function durationFrom(run: JobRunView, at: string): number | null {
  const start = Date.parse(run.startedAt ?? run.requestedAt);
  const end = Date.parse(at);
  return Number.isFinite(start) && Number.isFinite(end) ? Math.max(0, end - start) : run.durationMs;
}

/**
 * Fold one pushed message into the cached run. A run that already reached a terminal state
 * keeps it: late progress (or a second terminal message) cannot resurrect it.
 */
export function applyJobMessage(run: JobRunView, live: LiveJobMessage): JobRunView {
  if (live.message.runId !== run.runId || TERMINAL.has(run.status)) return run;

  switch (live.type) {
    case 'progress': {
      const { percent, step, message, at } = live.message;
      const last = run.steps[run.steps.length - 1];
      const steps = last?.step === step ? run.steps : [...run.steps, { step, startedAt: at }];
      return {
        ...run,
        status: 'running',
        percent: Math.max(run.percent, percent),
        step,
        message,
        steps,
        startedAt: run.startedAt ?? at,
      };
    }
    case 'completed':
      return {
        ...run,
        status: 'completed',
        percent: 100,
        result: live.message.result ?? null,
        finishedAt: live.message.at,
        durationMs: durationFrom(run, live.message.at),
      };
    case 'failed':
      return {
        ...run,
        status: 'failed',
        error: live.message.reason,
        finishedAt: live.message.at,
        durationMs: durationFrom(run, live.message.at),
      };
    case 'canceled':
      return { ...run, status: 'canceled', finishedAt: live.message.at, durationMs: durationFrom(run, live.message.at) };
  }
}
