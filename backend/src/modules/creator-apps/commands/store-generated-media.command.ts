import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import type { ImageFromInputsResult, StoredEvent } from '@sparkhouse/contracts';
import { notFound } from '../../../platform/http/errors';
import { parseMediaKey } from '../../../platform/media/media-keys';
import { EventStore } from '../../../platform/events/event-store';
import { decideSaveGenerated, generatedImageMetadata, mediaIdFor, mediaStreamId, type MediaState } from '../domain/app-media';
import { appStreamId, NO_SUCH_APP } from '../domain/app-state';
import { appModel, byJob } from '../infra/app-stream';
import { mediaModel } from '../infra/media-stream';

/**
 * Add a picture generateImageFromInputs made to the app's media library, once per run: from the
 * reactor when the run completes, and from the call that waited for it. The file is named by the run
 * (apps/<appId>/<runId>/original.png), so its library item is too; nothing is added when the file is
 * not this app's. Answers the library item and the events that added it (none when it was there).
 */
export class StoreGeneratedMedia {
  constructor(
    readonly runId: string,
    readonly appId: string,
    readonly result: ImageFromInputsResult,
    readonly prompt: string,
    /** The JobCompleted event, when stored by the reactor. */
    readonly causationId: string | null,
  ) {}
}

@CommandHandler(StoreGeneratedMedia)
export class StoreGeneratedMediaHandler implements ICommandHandler<
  StoreGeneratedMedia,
  { media: MediaState | null; appended: StoredEvent[] }
> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ runId, appId, result, prompt, causationId }: StoreGeneratedMedia) {
    const file = parseMediaKey(result.key);
    if (!file || file.appId !== appId || file.role !== 'original' || file.type !== 'image') return { media: null, appended: [] };
    const em = this.orm.em.fork();
    const { state: app } = await this.events.load(em, appStreamId(appId), appModel);
    if (!app) throw notFound(NO_SUCH_APP);
    const source = { storageKey: result.key, externalUrl: null };
    const mediaId = mediaIdFor(appId, source);
    const decided = await em.transactional((tem) =>
      this.events.decide(
        tem,
        mediaStreamId(mediaId),
        mediaModel,
        (state) =>
          decideSaveGenerated(state, {
            mediaId,
            appId,
            ownerId: app.ownerId,
            type: 'image',
            source,
            thumbnailKey: result.thumbnailKey && parseMediaKey(result.thumbnailKey)?.appId === appId ? result.thumbnailKey : null,
            metadata: generatedImageMetadata({ ...result, prompt, runId }),
            activityId: null,
            isForSimulation: false,
          }),
        causationId ? byJob(causationId) : { actor: 'ai' },
      ),
    );
    return { media: decided.state, appended: decided.appended };
  }
}
