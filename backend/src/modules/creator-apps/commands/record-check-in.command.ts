import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NewEvent } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { decideCheckIn, type MemberAct, type MemberState } from '../domain/member-program';
import { changeMember } from '../infra/member-stream';

/** A daily check-in: mood and effort (1-5) and an optional note. */
export class RecordCheckIn {
  constructor(
    readonly act: MemberAct,
    readonly mood: number,
    readonly effort: number,
    readonly note: string | null,
  ) {}
}

export const decide = (state: MemberState | null, c: RecordCheckIn): NewEvent[] =>
  decideCheckIn(state, { ...c.act, mood: c.mood, effort: c.effort, note: c.note });

@CommandHandler(RecordCheckIn)
export class RecordCheckInHandler implements ICommandHandler<RecordCheckIn, { applied: boolean }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  execute(command: RecordCheckIn) {
    return this.orm.em
      .fork()
      .transactional((tem) => changeMember(tem, this.events, command.act.appId, command.act.memberId, (s) => decide(s, command)));
  }
}
