import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import type { StoredEvent } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { parseMediaKey } from '../../../platform/media/media-keys';
import { decideRead, mediaIdFor, mediaStreamId, type UploadReading } from '../domain/app-media';
import { mediaModel } from '../infra/media-stream';

/** What the media-reading job read of an uploaded file (or why it could not), for its library item. */
export class RecordUploadReading {
  constructor(
    readonly storageKey: string,
    readonly reading: UploadReading,
  ) {}
}

/** Answers what was appended (nothing when the reading was recorded before), and whether the item was removed meanwhile. */
@CommandHandler(RecordUploadReading)
export class RecordUploadReadingHandler implements ICommandHandler<
  RecordUploadReading,
  { mediaId: string; appended: StoredEvent[]; removed: boolean }
> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ storageKey, reading }: RecordUploadReading) {
    const key = parseMediaKey(storageKey);
    if (!key || key.role !== 'original') throw new Error(`not an uploaded file: ${storageKey}`);
    const mediaId = mediaIdFor(key.appId, { storageKey, externalUrl: null });
    let removed = false;
    const { appended } = await this.orm.em.fork().transactional((tem) =>
      this.events.decide(tem, mediaStreamId(mediaId), mediaModel, (state) => {
        const decided = decideRead(state, { mediaId, appId: key.appId, storageKey }, reading);
        removed = decided.removed;
        return decided.events;
      }),
    );
    return { mediaId, appended, removed };
  }
}
