import { CommandHandler } from '@nestjs/cqrs';
import type { NewEvent } from '@sparkhouse/contracts';
import { decideCompleteSession, type MemberAct, type MemberPlan, type MemberState } from '../domain/member-program';
import { MemberActHandler } from '../infra/member-stream';

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
export class CompleteSessionHandler extends MemberActHandler<CompleteSession> {
  protected decide(state: MemberState | null, command: CompleteSession): NewEvent[] {
    return decide(state, command);
  }
}
