import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { TestFlowUpdated, type NewEvent, type StoredEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { unauthorized } from '../../../platform/http/errors';
import { ownFlow, testFlowStreamId, type TestFlowStep } from '../domain/test-flows';

export class UpdateTestFlow {
  constructor(
    readonly principal: Principal | null,
    readonly testFlowId: string,
    readonly changes: { title?: string; steps?: TestFlowStep[] },
  ) {}
}

/** Decided on the flow's stream: the changes to a flow of the caller's (404 otherwise). */
export function decide(stream: readonly StoredEvent[], { principal, testFlowId, changes }: UpdateTestFlow): NewEvent[] {
  ownFlow(principal, stream);
  return [{ type: TestFlowUpdated.type, payload: { testFlowId, ...changes } }];
}

@CommandHandler(UpdateTestFlow)
export class UpdateTestFlowHandler implements ICommandHandler<UpdateTestFlow> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(command: UpdateTestFlow) {
    if (command.principal?.kind !== 'user') throw unauthorized();
    await this.orm.em
      .fork()
      .transactional((tem) =>
        this.events.appendIf(tem, testFlowStreamId(command.testFlowId), (stream) => decide(stream, command)),
      );
  }
}
