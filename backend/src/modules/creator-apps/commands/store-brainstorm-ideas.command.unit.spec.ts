import type { BrainstormResult, NewEvent, StoredEvent } from '@sparkhouse/contracts';
import type { StreamModel } from '../../../platform/events/event-store';
import { deciderSpec } from '../../../test-support/decider-spec';
import { decide } from './store-brainstorm-ideas.command';

const streamModel: StreamModel<StoredEvent[]> = { name: 'test.stream', fold: (s, events) => [...(s ?? []), ...events] };
const requested: NewEvent = {
  type: 'BrainstormRequested',
  payload: { brainstormId: 'b1', ownerId: 'ava', prompt: 'running', runId: 'run-1' },
};
const result = {
  ideas: [{ title: 'Trail coach', description: 'Runs on trails' }],
  generatedBy: 'local-generator',
} as unknown as BrainstormResult;

describe('StoreBrainstormIdeas decides', () => {
  const spec = deciderSpec(streamModel, (s, c: { runId: string; brainstormId: string; result: BrainstormResult }) =>
    decide(s ?? [], c),
  );
  const store = { runId: 'run-1', brainstormId: 'b1', result };

  it("the brainstorm's ideas, once per run", () => {
    const stored: NewEvent = {
      type: 'BrainstormIdeasStored',
      payload: { brainstormId: 'b1', runId: 'run-1', ideas: result.ideas, generatedBy: 'local-generator' },
    };
    spec.given(requested).when(store).then([stored]);
    spec.given(requested, stored).when(store).thenNothing();
  });

  it('nothing for a brainstorm never asked for', () => {
    spec.given().when(store).thenNothing();
  });
});
