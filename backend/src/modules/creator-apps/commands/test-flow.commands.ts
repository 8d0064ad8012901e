import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { TestFlowCreated, TestFlowDeleted, TestFlowUpdated, type EventPayload, type StoredEvent } from '@sparkhouse/contracts';
import { isAdmin, type Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { notFound, unauthorized } from '../../../platform/http/errors';
import { readOwnApp } from './command-support';

export const testFlowStreamId = (testFlowId: string) => `test-flow-${testFlowId}`;
export const NO_SUCH_TEST_FLOW = 'No such test flow.';

export interface TestFlowStep {
  pageId: string;
  answers: Record<string, unknown>;
}

/** A test flow the caller may change: created, not deleted, theirs (or any, for an admin). */
function ownFlow(principal: Principal | null, stream: StoredEvent[]) {
  const created = stream.find((e) => e.type === TestFlowCreated.type)?.payload as
    EventPayload<typeof TestFlowCreated> | undefined;
  const deleted = stream.some((e) => e.type === TestFlowDeleted.type);
  if (!created || deleted || principal?.kind !== 'user' || (created.ownerId !== principal.id && !isAdmin(principal)))
    throw notFound(NO_SUCH_TEST_FLOW);
  return created;
}

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

export class UpdateTestFlow {
  constructor(
    readonly principal: Principal | null,
    readonly testFlowId: string,
    readonly changes: { title?: string; steps?: TestFlowStep[] },
  ) {}
}

@CommandHandler(UpdateTestFlow)
export class UpdateTestFlowHandler implements ICommandHandler<UpdateTestFlow> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, testFlowId, changes }: UpdateTestFlow) {
    if (principal?.kind !== 'user') throw unauthorized();
    await this.orm.em.fork().transactional((tem) =>
      this.events.appendIf(tem, testFlowStreamId(testFlowId), (stream) => {
        ownFlow(principal, stream);
        return [{ type: TestFlowUpdated.type, payload: { testFlowId, ...changes } }];
      }),
    );
  }
}

export class DeleteTestFlow {
  constructor(
    readonly principal: Principal | null,
    readonly testFlowId: string,
  ) {}
}

@CommandHandler(DeleteTestFlow)
export class DeleteTestFlowHandler implements ICommandHandler<DeleteTestFlow> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, testFlowId }: DeleteTestFlow) {
    if (principal?.kind !== 'user') throw unauthorized();
    await this.orm.em.fork().transactional((tem) =>
      this.events.appendIf(tem, testFlowStreamId(testFlowId), (stream) => {
        ownFlow(principal, stream);
        return [{ type: TestFlowDeleted.type, payload: { testFlowId } }];
      }),
    );
  }
}
