import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { TestFlowCreated } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { testFlowStreamId } from '../domain/test-flows';
import { readOwnApp } from '../infra/app-stream';

export class CreateTestFlow {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly title: string,
  ) {}
}

@CommandHandler(CreateTestFlow)
export class CreateTestFlowHandler implements ICommandHandler<CreateTestFlow, { testFlowId: string }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, appId, title }: CreateTestFlow) {
    const testFlowId = randomUUID();
    await this.orm.em.fork().transactional(async (tem) => {
      const app = await readOwnApp(tem, this.events, principal, appId);
      await this.events.append(
        tem,
        testFlowStreamId(testFlowId),
        [{ type: TestFlowCreated.type, payload: { testFlowId, appId, ownerId: app.ownerId, title } }],
        { expectedVersion: 0 },
      );
    });
    return { testFlowId };
  }
}
