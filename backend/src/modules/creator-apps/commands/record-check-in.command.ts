import { CommandHandler } from '@nestjs/cqrs';
import type { NewEvent } from '@sparkhouse/contracts';
import { decideCheckIn, type MemberAct, type MemberState } from '../domain/member-program';
import { MemberActHandler } from '../infra/member-stream';

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
export class RecordCheckInHandler extends MemberActHandler<RecordCheckIn> {
  protected decide(state: MemberState | null, command: RecordCheckIn): NewEvent[] {
    return decide(state, command);
  }
}
