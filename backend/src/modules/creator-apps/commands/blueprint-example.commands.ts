import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { BlueprintExampleSaved, BlueprintExampleUpdated, type EventPayload } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { notFound } from '../../../platform/http/errors';
import { exampleStreamId } from '../domain/app-state';
import { readOwnApp } from './command-support';

export const NO_SUCH_EXAMPLE = 'No such blueprint example.';

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

/** Change an example's content and/or title. */
export class UpdateBlueprintExample {
  constructor(
    readonly principal: Principal | null,
    readonly exampleId: string,
    readonly changes: { title?: string; content?: string },
  ) {}
}

@CommandHandler(UpdateBlueprintExample)
export class UpdateBlueprintExampleHandler implements ICommandHandler<UpdateBlueprintExample, { exampleId: string }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, exampleId, changes }: UpdateBlueprintExample) {
    await this.orm.em.fork().transactional(async (tem) => {
      const stream = await this.events.readStream(tem, exampleStreamId(exampleId));
      const saved = stream.find((e) => e.type === BlueprintExampleSaved.type)?.payload as
        EventPayload<typeof BlueprintExampleSaved> | undefined;
      if (!saved) throw notFound(NO_SUCH_EXAMPLE);
      try {
        await readOwnApp(tem, this.events, principal, saved.appId);
      } catch (error) {
        if ((error as { status?: number }).status === 404) throw notFound(NO_SUCH_EXAMPLE);
        throw error;
      }
      // decided under the append lock: two concurrent edits both land, in order
      await this.events.appendIf(tem, exampleStreamId(exampleId), () => [
        { type: BlueprintExampleUpdated.type, payload: { appId: saved.appId, exampleId, ...changes } },
      ]);
    });
    return { exampleId };
  }
}
