import { JobRequested, JobStarted } from '@sparkhouse/contracts';
import type { StreamModel } from '../platform/events/event-store';

/** Job lifecycle facts to append in event store tests (any declared type would do; these are small). */
export const jobRequested = (runId: string) => ({
  type: JobRequested.type,
  payload: {
    runId,
    name: 'operations.pipeline-check',
    queue: 'operations',
    owner: { ownerId: 'anon_test_owner' },
    payload: {},
    steps: [],
  },
});

export const jobStarted = (runId: string) => ({ type: JobStarted.type, payload: { runId, attempt: 1, workerId: 'w' } });

/** Counts the events of a stream: the smallest state a command could decide from. */
export const countingModel: StreamModel<number> = { name: 'test.counter@1', fold: (n, events) => (n ?? 0) + events.length };
