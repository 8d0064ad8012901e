import type { Database, Db } from '../../../platform/database/database';
import type { AppImage, EventMetadata, NewEvent, StoredEvent } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { decideSave, mediaIdFor, mediaStreamId } from '../domain/app-media';
import type { AppState } from '../domain/app-state';
import { byJob, changeApp, type StoredResult } from './app-stream';
import { mediaModel } from './media-stream';

/** A picture a job made for an app, and what the creator will read about it in the library. */
export interface GeneratedPicture {
  image: AppImage;
  /** The name the Media tab shows ("App image", "Hero picture", "Store screenshot 2"). */
  name: string;
  /** Where the picture is used in the app ('app-image', 'hero', 'section-2', 'screenshot'). */
  usedFor: string;
  caption?: string;
}

const extensionOf = (url: string) => /\.(png|jpe?g|webp|gif|svg)(?:$|\?)/i.exec(url)?.[1]?.toLowerCase() ?? 'png';

/**
 * Adds pictures a job made to the app's media library, in the transaction that applies them, so the
 * creator finds every generated image among the app's media (and can reuse or delete it there). The
 * image stays where the job stored it (its URL); an item already in the library is left as it is.
 * Answers the events that added items (none when every picture was there already).
 */
export async function addGeneratedPictures(
  em: Db,
  events: EventStore,
  app: { appId: string; ownerId: string },
  runId: string,
  pictures: GeneratedPicture[],
  metadata?: Partial<EventMetadata>,
): Promise<StoredEvent[]> {
  const added: StoredEvent[] = [];
  for (const picture of pictures) {
    const source = { storageKey: null, externalUrl: picture.image.url };
    const mediaId = mediaIdFor(app.appId, source);
    const { appended } = await events.decide(
      em,
      mediaStreamId(mediaId),
      mediaModel,
      (state) =>
        decideSave(state, {
          mediaId,
          appId: app.appId,
          ownerId: app.ownerId,
          type: 'image',
          source,
          thumbnailKey: null,
          thumbnailUrl: picture.image.url,
          metadata: {
            fileName: `${picture.name}.${extensionOf(picture.image.url)}`,
            width: picture.image.width,
            height: picture.image.height,
            generatedBy: picture.image.generatedBy,
            usedFor: picture.usedFor,
            ...(picture.caption ? { caption: picture.caption } : {}),
            runId,
          },
          activityId: null,
          isForSimulation: false,
        }),
      metadata,
    );
    added.push(...appended);
  }
  return added;
}

/**
 * Stores a job's pictures in its app: the app's events (`decide`), then, when they are to be kept (`keep`),
 * the pictures in the media library, all in one transaction. A job's run stored before stores nothing.
 */
export async function storeGeneratedPictures(
  orm: Database,
  events: EventStore,
  job: { appId: string; runId: string; causationId?: string | null },
  decide: (app: AppState) => { events: NewEvent[]; keep: boolean },
  pictures: GeneratedPicture[],
): Promise<StoredResult> {
  const metadata = job.causationId ? byJob(job.causationId) : { actor: 'ai' as const };
  return orm.em.fork().transactional(async (tem) => {
    const { answer: ownerId, appended } = await changeApp<string | null>(
      tem,
      events,
      job.appId,
      'system',
      (app) => {
        const decided = decide(app);
        return { events: decided.events, answer: decided.keep ? app.ownerId : null };
      },
      metadata,
    );
    if (ownerId === null) return { stored: false, appended };
    const added = await addGeneratedPictures(tem, events, { appId: job.appId, ownerId }, job.runId, pictures, metadata);
    return { stored: true, appended: [...appended, ...added] };
  });
}
