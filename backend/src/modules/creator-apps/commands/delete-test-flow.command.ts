import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { TestFlowDeleted, type NewEvent, type StoredEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { unauthorized } from '../../../platform/http/errors';
import { ownFlow, testFlowStreamId } from '../domain/test-flows';

export class DeleteTestFlow {
  constructor(
    readonly principal: Principal | null,
    readonly testFlowId: string,
  ) {}
}

/** Decided on the flow's stream: a flow of the caller's is deleted (404 otherwise, also once deleted). */
export function decide(stream: readonly StoredEvent[], { principal, testFlowId }: DeleteTestFlow): NewEvent[] {
  ownFlow(principal, stream);
  return [{ type: TestFlowDeleted.type, payload: { testFlowId } }];
}

@CommandHandler(DeleteTestFlow)
export class DeleteTestFlowHandler implements ICommandHandler<DeleteTestFlow> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(command: DeleteTestFlow) {
    if (command.principal?.kind !== 'user') throw unauthorized();
    await this.orm.em
      .fork()
      .transactional((tem) =>
        this.events.appendIf(tem, testFlowStreamId(command.testFlowId), (stream) => decide(stream, command)),
      );
  }
}
