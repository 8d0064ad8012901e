import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import type { MediaType } from '@sparkhouse/contracts';
import { ownerIdOf, type Principal } from '../../../platform/auth/principal';
import { EventStore, type StreamModel } from '../../../platform/events/event-store';
import { badRequest, notFound, unauthorized } from '../../../platform/http/errors';
import { parseMediaKey, thumbnailKeyOf } from '../../../platform/media/media-keys';
import { MediaUrls } from '../../../platform/media/media-urls';
import { MEDIA_STORAGE, type MediaStorage } from '../../../platform/media/storage/media-storage';
import {
  decideDelete,
  decideRead,
  decideSave,
  decideUpdate,
  foldMedia,
  isInLibrary,
  mediaIdFor,
  mediaStreamId,
  type MediaChanges,
  type MediaSource,
  type MediaState,
  type UploadReading,
} from '../domain/app-media';
import { JobRequests } from '../../../platform/jobs/job-requests';
import type { StoredEvent } from '@sparkhouse/contracts';
import { readOwnApp } from './command-support';

export const NO_SUCH_MEDIA = 'No such media in this app.';

const mediaModel: StreamModel<MediaState> = { name: 'creator-apps.media@2', fold: foldMedia };

const A: Record<MediaType, string> = { image: 'an image', video: 'a video', audio: 'an audio file', pdf: 'a PDF' };

/** Finds a library item's file from a URL handed in: a file of the library's storage (by its key), or a web address. */
function sourceOf(urls: MediaUrls, url: string): MediaSource {
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

/** updateAppMedia: new metadata and/or thumbnail for the item holding the file at `url`. */
export class UpdateAppMedia {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly url: string,
    readonly changes: { metadata?: Record<string, unknown>; thumbnailUrl?: string | null },
  ) {}
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
      this.events.decide(tem, mediaStreamId(mediaId), mediaModel, (state) => {
        if (!isInLibrary(state, app.appId)) throw notFound(NO_SUCH_MEDIA);
        return decideUpdate(state, decision);
      }),
    );
    return decided.state!;
  }
}

/** Removes an item from the app's library; its stored files are deleted after (media-files.reactor.ts). */
export class DeleteAppMedia {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly mediaId: string,
  ) {}
}

@CommandHandler(DeleteAppMedia)
export class DeleteAppMediaHandler implements ICommandHandler<DeleteAppMedia, { mediaId: string }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, appId, mediaId }: DeleteAppMedia) {
    const em = this.orm.em.fork();
    const app = await readOwnApp(em, this.events, principal, appId);
    await em.transactional((tem) =>
      this.events.decide(tem, mediaStreamId(mediaId), mediaModel, (state) => {
        if (!isInLibrary(state, app.appId)) throw notFound(NO_SUCH_MEDIA);
        const own = state.storageKey ? [state.storageKey, thumbnailKeyOf(state.storageKey)] : [];
        return decideDelete(state, own);
      }),
    );
    return { mediaId };
  }
}

/**
 * media/uploads, once a file is stored: its thumbnail or poster frame and decoder facts are read by the
 * media-reading job (creator-apps.read-upload), for the creator who uploaded it (pushes go to the app's room).
 */
export class RequestUploadReading {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly key: string,
    readonly type: MediaType,
  ) {}
}

@CommandHandler(RequestUploadReading)
export class RequestUploadReadingHandler implements ICommandHandler<RequestUploadReading, string> {
  constructor(
    private readonly orm: Database,
    private readonly jobs: JobRequests,
  ) {}

  execute({ principal, appId, key, type }: RequestUploadReading): Promise<string> {
    const ownerId = ownerIdOf(principal);
    if (!ownerId) throw unauthorized();
    // the request is the only write: one statement, no transaction around it
    return this.jobs.request(this.orm.em.fork(), 'creator-apps.read-upload', { ownerId, subjectId: appId }, { appId, key, type });
  }
}

/** What the media-reading job read of an uploaded file (or why it could not), for its library item. */
export class RecordUploadReading {
  constructor(
    readonly storageKey: string,
    readonly reading: UploadReading,
  ) {}
}

/** Answers what was appended (nothing when the reading was recorded before), and whether the item was removed meanwhile. */
@CommandHandler(RecordUploadReading)
export class RecordUploadReadingHandler
  implements ICommandHandler<RecordUploadReading, { mediaId: string; appended: StoredEvent[]; removed: boolean }>
{
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

export { mediaModel };
