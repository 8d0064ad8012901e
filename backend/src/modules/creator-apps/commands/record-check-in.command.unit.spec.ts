import { deciderSpec } from '../../../test-support/decider-spec';
import { memberModel } from '../infra/member-stream';
import { decide, RecordCheckIn } from './record-check-in.command';

const act = (clientId: string) => ({
  appId: 'app-1',
  memberId: 'u1',
  clientId,
  localDate: '2026-11-28',
  timeZone: 'Europe/Paris',
});
const checkedIn = (clientId: string) => ({
  type: 'MemberCheckedIn',
  payload: { ...act(clientId), mood: 4, effort: 3, note: null },
});

describe('RecordCheckIn decides', () => {
  const spec = deciderSpec(memberModel, decide);

  it('a check-in with its mood, effort and note (an empty note is none)', () => {
    spec
      .given()
      .when(new RecordCheckIn(act('c1'), 4, 3, ''))
      .then([checkedIn('c1')]);
    spec
      .given()
      .when(new RecordCheckIn(act('c1'), 2, 5, 'Tired'))
      .then([{ type: 'MemberCheckedIn', payload: { ...act('c1'), mood: 2, effort: 5, note: 'Tired' } }]);
  });

  it('nothing for a client id already applied (an offline queue sent twice); a new id is a new check-in', () => {
    spec
      .given(checkedIn('c1'))
      .when(new RecordCheckIn(act('c1'), 4, 3, null))
      .thenNothing();
    spec
      .given(checkedIn('c1'))
      .when(new RecordCheckIn(act('c2'), 4, 3, null))
      .then([checkedIn('c2')]);
  });
});
