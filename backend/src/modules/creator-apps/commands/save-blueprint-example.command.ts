import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { BlueprintExampleSaved } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { exampleStreamId } from '../domain/app-state';
import { readOwnApp } from '../infra/app-stream';

/** Save a blueprint example (title, content, type) for an app of the caller's. */
export class SaveBlueprintExample {
  constructor(
    readonly principal: Principal | null,
    readonly input: { appId: string; title: string; content: string; type: string },
  ) {}
}

@CommandHandler(SaveBlueprintExample)
export class SaveBlueprintExampleHandler implements ICommandHandler<SaveBlueprintExample, { exampleId: string }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, input }: SaveBlueprintExample) {
    const exampleId = randomUUID();
    await this.orm.em.fork().transactional(async (tem) => {
      await readOwnApp(tem, this.events, principal, input.appId);
      await this.events.append(
        tem,
        exampleStreamId(exampleId),
        [{ type: BlueprintExampleSaved.type, payload: { ...input, exampleId } }],
        {
          expectedVersion: 0,
        },
      );
    });
    return { exampleId };
  }
}
