import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NewEvent } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { decideCompletePhase, type MemberAct, type MemberPlan, type MemberState } from '../domain/member-program';
import { changeMember } from '../infra/member-stream';

/** Finish the member's current phase and move on to the next. */
export class CompletePhase {
  constructor(
    readonly act: MemberAct,
    readonly plan: MemberPlan,
    readonly phaseId: string,
  ) {}
}

export const decide = (state: MemberState | null, c: CompletePhase): NewEvent[] =>
  decideCompletePhase(state, { ...c.act, plan: c.plan, phaseId: c.phaseId });

@CommandHandler(CompletePhase)
export class CompletePhaseHandler implements ICommandHandler<CompletePhase, { applied: boolean }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  execute(command: CompletePhase) {
    return this.orm.em
      .fork()
      .transactional((tem) => changeMember(tem, this.events, command.act.appId, command.act.memberId, (s) => decide(s, command)));
  }
}
