import type { JobRunView } from '@sparkhouse/contracts';

const isTerminal = (status: JobRunView['status']) => status === 'completed' || status === 'failed' || status === 'canceled';

/**
 * A refetched run folded into the one the cache holds. The read model is written a moment after the
 * socket pushes: a refetch (after a cancel, on reconnect) can answer an older picture of a live run
 * than the pushes already gave. It never moves the run back: progress (percent, step, steps,
 * message) stays where the pushes took it, and a run a push already ended stays ended.
 */
export function mergeFetchedRun(cached: JobRunView | undefined, fresh: JobRunView): JobRunView {
  if (!cached || cached.runId !== fresh.runId) return fresh;
  if (isTerminal(cached.status) && !isTerminal(fresh.status)) {
    // ended by a push; the read model may still know steps whose pushes this page missed
    return fresh.steps.length > cached.steps.length ? { ...cached, steps: fresh.steps } : cached;
  }
  const behind = fresh.steps.length < cached.steps.length || fresh.percent < cached.percent;
  if (!behind) return fresh;
  const progress = {
    percent: Math.max(fresh.percent, cached.percent),
    steps: fresh.steps.length < cached.steps.length ? cached.steps : fresh.steps,
    step: fresh.steps.length < cached.steps.length ? cached.step : (fresh.step ?? cached.step),
    startedAt: fresh.startedAt ?? cached.startedAt,
  };
  if (isTerminal(fresh.status)) {
    // the outcome is the read model's; what was reached before it is kept
    return { ...fresh, ...progress, percent: fresh.status === 'completed' ? 100 : progress.percent };
  }
  return { ...fresh, ...progress, message: cached.message ?? fresh.message, status: 'running' };
}
