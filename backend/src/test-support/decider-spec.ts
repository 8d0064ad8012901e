import type { NewEvent, StoredEvent } from '@sparkhouse/contracts';
import type { StreamModel } from '../platform/events/event-store';

/** A stream's facts as they would be read back, for folding (position and ids do not matter to a fold). */
function asStored(events: readonly NewEvent[]): StoredEvent[] {
  return events.map((e, i) => ({
    position: String(i + 1),
    eventId: `given-${i + 1}`,
    streamId: 'given',
    streamVersion: i + 1,
    type: e.type,
    schemaVersion: 1,
    payload: e.payload,
    metadata: { actor: 'test', correlationId: 'test', causationId: null, occurredAt: new Date(0).toISOString() },
  }));
}

/**
 * given(events) / when(command) / then(events or error) for a pure decider, the way a command decides:
 * the stream's facts are folded by its model into the state, and `decide` answers what to append.
 *
 *     const spec = deciderSpec(mediaModel, decideSave);
 *     spec.given(AppMediaSaved(...)).when(save).then([{ type: 'AppMediaUpdated', payload: ... }]);
 *     spec.given().when(badSave).thenThrows('No such app.');
 */
export function deciderSpec<S, C>(model: StreamModel<S>, decide: (state: S | null, command: C) => readonly NewEvent[] | null) {
  return {
    given(...events: NewEvent[]) {
      const state = events.length > 0 ? model.fold(null, asStored(events)) : null;
      return {
        /** The state the command decides on (for assertions about the fold itself). */
        state,
        when(command: C) {
          const run = () => decide(state, command) ?? [];
          return {
            /** The events decided, exactly (or checked by a function of them). */
            then(expected: readonly NewEvent[] | ((events: readonly NewEvent[]) => void)) {
              const decided = run();
              if (typeof expected === 'function') expected(decided);
              else expect(decided).toEqual(expected);
              return decided;
            },
            /** Nothing is appended: the command changes nothing (a repeat, say). */
            thenNothing() {
              expect(run()).toEqual([]);
            },
            /** The command is refused with this message (or error class). */
            thenThrows(error: string | RegExp | (new (...args: never[]) => Error)) {
              expect(run).toThrow(error);
            },
          };
        },
      };
    },
  };
}
