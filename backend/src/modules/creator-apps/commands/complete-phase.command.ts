import { CommandHandler } from '@nestjs/cqrs';
import type { NewEvent } from '@sparkhouse/contracts';
import { decideCompletePhase, type MemberAct, type MemberPlan, type MemberState } from '../domain/member-program';
import { MemberActHandler } from '../infra/member-stream';

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
export class CompletePhaseHandler extends MemberActHandler<CompletePhase> {
  protected decide(state: MemberState | null, command: CompletePhase): NewEvent[] {
    return decide(state, command);
  }
}
