import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import type { MediaType } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { badRequest } from '../../../platform/http/errors';
import { parseMediaKey, thumbnailKeyOf } from '../../../platform/media/media-keys';
import { MediaUrls } from '../../../platform/media/media-urls';
import { MEDIA_STORAGE, type MediaStorage } from '../../../platform/media/storage/media-storage';
import { decideSave, mediaIdFor, mediaStreamId, type MediaSource, type MediaState } from '../domain/app-media';
import { readOwnApp } from '../infra/app-stream';
import { mediaModel } from '../infra/media-stream';

const A: Record<MediaType, string> = { image: 'an image', video: 'a video', audio: 'an audio file', pdf: 'a PDF' };

/** Finds a library item's file from a URL handed in: a file of the library's storage (by its key), or a web address. */
export function sourceOf(urls: MediaUrls, url: string): MediaSource {
  const key = urls.keyOf(url);
  return key === null ? { storageKey: null, externalUrl: url } : { storageKey: key, externalUrl: null };
}

/**
 * Checks that a URL names a file uploaded to this app, of the kind expected ('thumbnail': any image);
 * web addresses pass as they are. Another app's file, a file that is not there, or one of another kind
 * is refused with what is wrong.
 */
export async function checkedSource(
  urls: MediaUrls,
  storage: MediaStorage,
  field: string,
  url: string,
  appId: string,
  expected: MediaType | 'thumbnail',
): Promise<MediaSource> {
  const source = sourceOf(urls, url);
  if (source.storageKey === null) return source;
  const refuse = (message: string) =>
    badRequest(`${field} ${message}`, [{ path: `body.${field}`, message: `${field} ${message}` }]);
  const key = parseMediaKey(source.storageKey);
  if (!key || key.appId !== appId) throw refuse('must be a file uploaded to this app (or an http(s) address)');
  if (expected === 'thumbnail' ? key.contentType.split('/')[0] !== 'image' : key.role !== 'original' || key.type !== expected) {
    throw refuse(
      `is ${key.role === 'thumbnail' ? 'a thumbnail' : A[key.type]}, not ${expected === 'thumbnail' ? 'an image' : A[expected]}`,
    );
  }
  if (!(await storage.stat(source.storageKey))) throw refuse('names no stored file: upload it first');
  return source;
}

export interface MediaToSave {
  appId: string;
  type: MediaType;
  url: string;
  metadata: Record<string, unknown>;
  /** uploadUserMedia: the activity a user of the app made it in. */
  activityId?: string;
  isForSimulation?: boolean;
}

/** saveAppMedia and uploadUserMedia: adds a file to the app's library (again saving one already there answers it). */
export class SaveAppMedia {
  constructor(
    readonly principal: Principal | null,
    readonly media: MediaToSave,
  ) {}
}

@CommandHandler(SaveAppMedia)
export class SaveAppMediaHandler implements ICommandHandler<SaveAppMedia, MediaState> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly urls: MediaUrls,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  async execute({ principal, media }: SaveAppMedia): Promise<MediaState> {
    const em = this.orm.em.fork();
    const app = await readOwnApp(em, this.events, principal, media.appId);
    const source = await checkedSource(this.urls, this.storage, 'url', media.url, app.appId, media.type);
    const thumbnail = source.storageKey && thumbnailKeyOf(source.storageKey);
    const thumbnailKey = thumbnail && (await this.storage.stat(thumbnail)) ? thumbnail : null;
    const mediaId = mediaIdFor(app.appId, source);
    const decided = await em.transactional((tem) =>
      this.events.decide(tem, mediaStreamId(mediaId), mediaModel, (state) =>
        decideSave(state, {
          mediaId,
          appId: app.appId,
          ownerId: app.ownerId,
          type: media.type,
          source,
          thumbnailKey,
          metadata: media.metadata,
          activityId: media.activityId ?? null,
          isForSimulation: media.isForSimulation ?? false,
        }),
      ),
    );
    return decided.state!;
  }
}
