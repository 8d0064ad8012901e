import type { NewEvent } from '@sparkhouse/contracts';
import type { Db } from '../../../platform/database/database';
import type { EventStore, StreamModel } from '../../../platform/events/event-store';
import { foldMember, memberStreamId, type MemberState } from '../domain/member-program';

/** A member's facts folded, kept as a snapshot beside their stream. */
export const memberModel: StreamModel<MemberState> = {
  name: 'creator-apps.member@1',
  fold: (state, events) => foldMember(state, events),
};

/** Decides on the member's stream as it is now and appends what was decided (again on a fresh state after a race). */
export async function changeMember(
  em: Db,
  events: EventStore,
  appId: string,
  memberId: string,
  decide: (state: MemberState | null) => NewEvent[],
): Promise<{ applied: boolean }> {
  const decided = await events.decide(em, memberStreamId(appId, memberId), memberModel, (state) => decide(state));
  return { applied: decided.appended.length > 0 };
}
