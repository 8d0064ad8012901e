import type { Db } from '../../../platform/database/database';
import type { AppImage, EventMetadata, StoredEvent } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { decideSave, mediaIdFor, mediaStreamId } from '../domain/app-media';
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
