import { Injectable } from '@nestjs/common';
import type { NewEvent } from '@sparkhouse/contracts';
import { Database, type Db } from '../../../platform/database/database';
import { EventStore, type StreamModel } from '../../../platform/events/event-store';
import { foldMember, memberStreamId, type MemberAct, type MemberState } from '../domain/member-program';

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

/** A command for one act of a member (applied once by its client id), decided on the member's stream in its own transaction. */
@Injectable()
export abstract class MemberActHandler<C extends { act: MemberAct }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  protected abstract decide(state: MemberState | null, command: C): NewEvent[];

  execute(command: C): Promise<{ applied: boolean }> {
    const { appId, memberId } = command.act;
    return this.orm.em
      .fork()
      .transactional((tem) => changeMember(tem, this.events, appId, memberId, (s) => this.decide(s, command)));
  }
}
