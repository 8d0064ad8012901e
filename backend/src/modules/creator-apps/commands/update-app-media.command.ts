import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import type { NewEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { notFound } from '../../../platform/http/errors';
import { MediaUrls } from '../../../platform/media/media-urls';
import { MEDIA_STORAGE, type MediaStorage } from '../../../platform/media/storage/media-storage';
import {
  decideUpdate,
  isInLibrary,
  mediaIdFor,
  mediaStreamId,
  NO_SUCH_MEDIA,
  type MediaChanges,
  type MediaState,
} from '../domain/app-media';
import { readOwnApp } from '../infra/app-stream';
import { mediaModel } from '../infra/media-stream';
import { checkedSource, sourceOf } from './save-app-media.command';

/** updateAppMedia: new metadata and/or thumbnail for the item holding the file at `url`. */
export class UpdateAppMedia {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly url: string,
    readonly changes: { metadata?: Record<string, unknown>; thumbnailUrl?: string | null },
  ) {}
}

/** The changes to an item of this app's library (404 for an item that is not in it). */
export function decide(state: MediaState | null, { appId }: Pick<UpdateAppMedia, 'appId'>, changes: MediaChanges): NewEvent[] {
  if (!isInLibrary(state, appId)) throw notFound(NO_SUCH_MEDIA);
  return decideUpdate(state, changes);
}

@CommandHandler(UpdateAppMedia)
export class UpdateAppMediaHandler implements ICommandHandler<UpdateAppMedia, MediaState> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly urls: MediaUrls,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  async execute({ principal, appId, url, changes }: UpdateAppMedia): Promise<MediaState> {
    const em = this.orm.em.fork();
    const app = await readOwnApp(em, this.events, principal, appId);
    const mediaId = mediaIdFor(app.appId, sourceOf(this.urls, url));
    const decision: MediaChanges = { ...(changes.metadata !== undefined ? { metadata: changes.metadata } : {}) };
    if (changes.thumbnailUrl === null) decision.thumbnail = { key: null, url: null };
    else if (changes.thumbnailUrl !== undefined) {
      const thumb = await checkedSource(this.urls, this.storage, 'thumbnailUrl', changes.thumbnailUrl, app.appId, 'thumbnail');
      decision.thumbnail = { key: thumb.storageKey, url: thumb.externalUrl };
    }
    const decided = await em.transactional((tem) =>
      this.events.decide(tem, mediaStreamId(mediaId), mediaModel, (state) => decide(state, { appId: app.appId }, decision)),
    );
    return decided.state!;
  }
}
