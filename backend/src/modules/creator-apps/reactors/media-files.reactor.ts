import { Inject, Injectable, Logger } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import type { DomainEvent } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { Subscribes, type Reactor } from '../../../platform/events/subscribers';
import { MEDIA_STORAGE, type MediaStorage } from '../../../platform/media/storage/media-storage';
import { mediaModel } from '../infra/media-stream';
import { mediaStreamId } from '../domain/app-media';

/**
 * Deletes the stored files of media removed from a library, once the removal has committed. Delivered
 * at least once (deleting twice is harmless); a file saved to the library again since is kept.
 */
@Subscribes()
@Injectable()
export class MediaFilesReactor implements Reactor<'AppMediaDeleted'> {
  readonly kind = 'reactor';
  readonly name = 'creator-apps.media-files';
  readonly handles = ['AppMediaDeleted' as const];
  private readonly logger = new Logger('MediaFiles');

  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  async handle(events: DomainEvent<'AppMediaDeleted'>[]): Promise<void> {
    for (const { payload: p } of events) {
      const { state } = await this.events.load(this.orm.em.fork(), mediaStreamId(p.mediaId), mediaModel);
      if (state && !state.deleted) continue;
      await this.storage.delete(p.storageKeys);
      this.logger.debug(`deleted ${p.storageKeys.length} stored files of media ${p.mediaId}`);
    }
  }
}
