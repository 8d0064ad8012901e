import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { DomainEvent } from '@sparkhouse/contracts';
import { Subscribes, type Reactor } from '../../../platform/events/subscribers';
import { StoreShareImage } from '../commands/store-share-image.command';

/**
 * Each publication of an app gets its share picture (what link previews show of its landing page),
 * made once the publication has committed. Delivered at least once: the command makes it only once.
 */
@Subscribes()
@Injectable()
export class ShareImagesReactor implements Reactor<'AppPublished'> {
  readonly kind = 'reactor';
  readonly name = 'creator-apps.share-images';
  readonly handles = ['AppPublished' as const];

  constructor(private readonly commands: CommandBus) {}

  async handle(events: DomainEvent<'AppPublished'>[]): Promise<void> {
    for (const e of events) {
      await this.commands.execute(new StoreShareImage(e.payload.appId, e.payload.publishedAt, e.eventId));
    }
  }
}
