import type { StreamModel } from '../../../platform/events/event-store';
import { foldAlert, type AlertState } from '../domain/alert-rules';
import { foldRun, type RunState } from '../domain/run-state';

/**
 * How operators' commands fold the streams they decide on. Both streams are short and read whole
 * (EventStore.appendIf): a job stream's snapshot stays the platform's (jobRunModel), never this one.
 */
export const runModel: StreamModel<RunState> = {
  name: 'operations.run@1',
  fold: (state, events) => foldRun(events, state),
};

export const alertModel: StreamModel<AlertState> = {
  name: 'operations.alert@1',
  fold: (state, events) => foldAlert(events, state),
};

/** Stream of the operator actions on a queue as a whole (pause, resume, clean). */
export const queueStream = (name: string) => `queue-${name}`;
