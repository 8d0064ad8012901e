import type { JobRunView } from '@sparkhouse/contracts';
import { useEffect, useState } from 'react';
import { isTerminalStatus } from '../../api/operations.queries';

/** A clock that ticks while the run is live, for elapsed times and running steps. */
export function useRunClock(run: JobRunView | undefined, periodMs = 500): number {
  const [now, setNow] = useState(() => Date.now());
  const active = run !== undefined && !isTerminalStatus(run.status);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [active, periodMs]);
  return now;
}

/** Time since the run was asked for, frozen once it finished. */
export function elapsedMs(run: JobRunView, now: number): number | null {
  const start = Date.parse(run.requestedAt);
  if (!Number.isFinite(start)) return run.durationMs;
  const end = run.finishedAt ? Date.parse(run.finishedAt) : now;
  return Math.max(0, (Number.isFinite(end) ? end : now) - start);
}
