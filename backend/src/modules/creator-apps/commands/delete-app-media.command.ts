import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import type { NewEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { notFound } from '../../../platform/http/errors';
import { thumbnailKeyOf } from '../../../platform/media/media-keys';
import { decideDelete, isInLibrary, mediaStreamId, NO_SUCH_MEDIA, type MediaState } from '../domain/app-media';
import { readOwnApp } from '../infra/app-stream';
import { mediaModel } from '../infra/media-stream';

/** Removes an item from the app's library; its stored files are deleted after (media-files.reactor.ts). */
export class DeleteAppMedia {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly mediaId: string,
  ) {}
}

/** The item leaves this app's library with its stored files (404 for an item that is not in it). */
export function decide(state: MediaState | null, { appId }: Pick<DeleteAppMedia, 'appId'>): NewEvent[] {
  if (!isInLibrary(state, appId)) throw notFound(NO_SUCH_MEDIA);
  const own = state.storageKey ? [state.storageKey, thumbnailKeyOf(state.storageKey)] : [];
  return decideDelete(state, own);
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
      this.events.decide(tem, mediaStreamId(mediaId), mediaModel, (state) => decide(state, { appId: app.appId })),
    );
    return { mediaId };
  }
}
