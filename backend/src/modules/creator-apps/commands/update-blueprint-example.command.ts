import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { BlueprintExampleUpdated, isEventOf, type DomainEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { notFound } from '../../../platform/http/errors';
import { exampleStreamId } from '../domain/app-state';
import { readOwnApp } from '../infra/app-stream';

export const NO_SUCH_EXAMPLE = 'No such blueprint example.';

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
      const saved = stream.find((e): e is DomainEvent<'BlueprintExampleSaved'> => isEventOf(e, 'BlueprintExampleSaved'))?.payload;
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
