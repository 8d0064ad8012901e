import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { ProductUpdated, type catalogue, type PayloadOf } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { streams } from '../domain/product-state';
import { loadProduct, productView } from '../infra/product-stream';
import type { ProductFacts } from './publish-product.command';

type ProductChanges = Omit<PayloadOf<'ProductUpdated'>['changes'], 'media'> & {
  media?: Partial<ProductFacts['media']>;
};

/** Change some fields of a product; the slugs stay. */
export class UpdateProduct {
  constructor(
    readonly productId: string,
    /** Media may change in part; the event carries the whole media that results. */
    readonly changes: ProductChanges,
  ) {}
}

@CommandHandler(UpdateProduct)
export class UpdateProductHandler implements ICommandHandler<UpdateProduct, { product: catalogue.Product }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ productId, changes }: UpdateProduct) {
    return this.orm.em.fork().transactional(async (tem) => {
      const before = await loadProduct(tem, this.events, productId);
      const { media, ...rest } = changes;
      const facts: Partial<ProductFacts> = {
        ...rest,
        ...(media ? { media: { ...before.media, ...media } as ProductFacts['media'] } : {}),
      };
      const next = { ...before, ...facts };
      if (Object.keys(facts).length > 0) {
        await this.events.append(tem, streams.product(productId), [
          { type: ProductUpdated.type, payload: { productId, changes: facts } },
        ]);
      }
      return { product: productView(next) };
    });
  }
}
