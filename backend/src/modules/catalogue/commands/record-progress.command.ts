import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { ProductProgressRecorded, type catalogue } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { badRequest } from '../../../platform/http/errors';
import { streams, type ProductState } from '../domain/product-state';
import { knownProduct, productModel } from '../infra/product-stream';

/** Save how far a user got in one content of a product (spec 3, product progress). */
export class RecordProgress {
  constructor(
    readonly userId: string,
    readonly productId: string,
    readonly contentId: string,
    readonly percentComplete: number,
    readonly additionalSecondsWatched: number,
    readonly positionInSeconds: number,
  ) {}
}

@CommandHandler(RecordProgress)
export class RecordProgressHandler implements ICommandHandler<RecordProgress, catalogue.ContentProgress> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(c: RecordProgress) {
    // nothing here needs the stream's history: the product (its snapshot) and the total so far (from
    // the read model: it may miss a save made a moment ago, the stored sums do not) are read in one
    // round trip, then the save is one append, committed on its own
    const em = this.orm.em.fork();
    const { stream, alongside: before } = await this.events.loadWith<ProductState, { seconds_watched: number }>(
      em,
      streams.product(c.productId),
      productModel,
      {
        sql: 'select seconds_watched from product_progress where user_id = ? and product_id = ? and content_id = ?',
        params: [c.userId, c.productId, c.contentId],
      },
    );
    const product = knownProduct(stream.state);
    if (!product.media.contents.some((x) => x.contentId === c.contentId)) {
      throw badRequest('content_id is not a content of this product.', [{ path: 'body.content_id', message: 'is unknown' }]);
    }
    const [stored] = await this.events.append(em, streams.progress(c.userId, c.productId), [
      {
        type: ProductProgressRecorded.type,
        payload: {
          userId: c.userId,
          productId: c.productId,
          contentId: c.contentId,
          percentComplete: c.percentComplete,
          additionalSecondsWatched: c.additionalSecondsWatched,
          positionInSeconds: c.positionInSeconds,
        },
      },
    ]);
    return {
      product_id: c.productId,
      content_id: c.contentId,
      percent_complete: c.percentComplete,
      seconds_watched: (before?.seconds_watched ?? 0) + c.additionalSecondsWatched,
      position_in_seconds: c.positionInSeconds,
      updated_at: stored.metadata.occurredAt,
    };
  }
}
