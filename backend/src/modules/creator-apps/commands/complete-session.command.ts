import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NewEvent } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { decideCompleteSession, type MemberAct, type MemberPlan, type MemberState } from '../domain/member-program';
import { changeMember } from '../infra/member-stream';

/** Mark today's session of the member's current phase done. */
export class CompleteSession {
  constructor(
    readonly act: MemberAct,
    readonly plan: MemberPlan,
    readonly phaseId: string,
  ) {}
}

export const decide = (state: MemberState | null, c: CompleteSession): NewEvent[] =>
  decideCompleteSession(state, { ...c.act, plan: c.plan, phaseId: c.phaseId });

@CommandHandler(CompleteSession)
export class CompleteSessionHandler implements ICommandHandler<CompleteSession, { applied: boolean }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  execute(command: CompleteSession) {
    return this.orm.em
      .fork()
      .transactional((tem) => changeMember(tem, this.events, command.act.appId, command.act.memberId, (s) => decide(s, command)));
  }
}
