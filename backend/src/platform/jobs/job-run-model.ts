import { JobCanceled, JobCompleted, JobFailed, JobRetryRequested, type StoredEvent } from '@sparkhouse/contracts';
import type { StreamModel } from '../events/event-store';

const TERMINAL = new Set<string>([JobCompleted.type, JobFailed.type, JobCanceled.type]);

/**
 * All a lifecycle fact needs to know of its run: whether it finished, i.e. reached an end that no retry
 * (an operator's, from the console) reopened since. Kept as the job stream's snapshot.
 */
export const jobRunModel: StreamModel<{ finished: boolean }> = {
  name: 'jobs.run-finished@2',
  fold: (state, events) => {
    let finished = state?.finished ?? false;
    for (const e of events) {
      if (TERMINAL.has(e.type)) finished = true;
      else if (e.type === JobRetryRequested.type) finished = false;
    }
    return { finished };
  },
};

/** Whether a run has finished (see jobRunModel), from its events. */
export function isRunFinished(stream: readonly Pick<StoredEvent, 'type'>[]): boolean {
  return jobRunModel.fold(null, stream as StoredEvent[])?.finished ?? false;
}
