import type { NewEvent, StoredEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import type { StreamModel } from '../../../platform/events/event-store';
import { deciderSpec } from '../../../test-support/decider-spec';
import { decide as decideDelete } from './delete-test-flow.command';
import { decide, UpdateTestFlow } from './update-test-flow.command';

// a test flow's commands decide on its whole stream
const streamModel: StreamModel<StoredEvent[]> = { name: 'test.stream', fold: (s, events) => [...(s ?? []), ...events] };
const created: NewEvent = {
  type: 'TestFlowCreated',
  payload: { testFlowId: 't1', appId: 'a1', ownerId: 'ava', title: 'Happy path' },
};
const ava: Principal = { kind: 'user', id: 'ava', roles: [] };
const bob: Principal = { kind: 'user', id: 'bob', roles: [] };
const admin: Principal = { kind: 'user', id: 'root', roles: ['admin'] };

describe('UpdateTestFlow and DeleteTestFlow decide', () => {
  const update = deciderSpec(streamModel, (s, c: UpdateTestFlow) => decide(s ?? [], c));
  const remove = deciderSpec(streamModel, (s, c: UpdateTestFlow) => decideDelete(s ?? [], c));
  const rename = (who: Principal) => new UpdateTestFlow(who, 't1', { title: 'Renamed' });

  it("the changes to the owner's flow (or any flow, for an admin)", () => {
    const renamed = [{ type: 'TestFlowUpdated', payload: { testFlowId: 't1', title: 'Renamed' } }];
    update.given(created).when(rename(ava)).then(renamed);
    update.given(created).when(rename(admin)).then(renamed);
    remove
      .given(created)
      .when(rename(ava))
      .then([{ type: 'TestFlowDeleted', payload: { testFlowId: 't1' } }]);
  });

  it("refuses someone else's flow, a deleted one, or none, as not found", () => {
    update.given(created).when(rename(bob)).thenThrows('No such test flow.');
    update
      .given(created, { type: 'TestFlowDeleted', payload: { testFlowId: 't1' } })
      .when(rename(ava))
      .thenThrows('No such test flow.');
    remove.given().when(rename(ava)).thenThrows('No such test flow.');
  });
});
