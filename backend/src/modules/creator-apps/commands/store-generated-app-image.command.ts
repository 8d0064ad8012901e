import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { AppImageGenerated, type GenerateAppImageResult, type NewEvent } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { existingApp, type AppState } from '../domain/app-state';
import type { StoredResult } from '../infra/app-stream';
import { storeGeneratedPictures } from '../infra/generated-media';

/**
 * Make a generated image the app's image (once per run): from the reactor when the run completes, and
 * from the call that waited for it, so its caller reads the new image at once.
 */
export class StoreGeneratedAppImage {
  constructor(
    readonly runId: string,
    readonly appId: string,
    readonly result: GenerateAppImageResult,
    /** The JobCompleted event, when stored by the reactor. */
    readonly causationId: string | null,
  ) {}
}

export function decide(
  state: AppState | null,
  { runId, appId, result }: Pick<StoreGeneratedAppImage, 'runId' | 'appId' | 'result'>,
): NewEvent[] {
  if (existingApp(state).storedRuns.has(runId)) return [];
  return [{ type: AppImageGenerated.type, payload: { appId, ...result.appImage, runId } }];
}

@CommandHandler(StoreGeneratedAppImage)
export class StoreGeneratedAppImageHandler implements ICommandHandler<StoreGeneratedAppImage, StoredResult> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  execute(command: StoreGeneratedAppImage): Promise<StoredResult> {
    const picture = { image: command.result.appImage, name: 'App image', usedFor: 'app-image' };
    return storeGeneratedPictures(
      this.orm,
      this.events,
      command,
      (app) => {
        const events = decide(app, command);
        return { events, keep: events.length > 0 };
      },
      [picture],
    );
  }
}
