import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { ProductPublished, ProductUpdated, type catalogue, type EventPayload } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { productSlug, streams } from '../domain/product-state';
import { claimSlug, loadProduct, productView } from './command-support';

type ProductFacts = Omit<EventPayload<typeof ProductPublished>, 'productId'>;
type ProductChanges = Omit<EventPayload<typeof ProductUpdated>['changes'], 'media'> & {
  media?: Partial<ProductFacts['media']>;
};

/** Publish a product: its storefront/class slug must be free. */
export class PublishProduct {
  constructor(
    readonly input: ProductFacts,
    /** Set by the demo generator for stable ids; otherwise a new uuid. */
    readonly productId: string = randomUUID(),
  ) {}
}

@CommandHandler(PublishProduct)
export class PublishProductHandler implements ICommandHandler<PublishProduct, { product: catalogue.Product }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ input, productId }: PublishProduct) {
    const payload: EventPayload<typeof ProductPublished> = { ...input, productId };
    return this.orm.em.fork().transactional(async (tem) => {
      const slug = productSlug(input.storefrontSlug, input.classSlug);
      await claimSlug(tem, 'product', slug, productId, `The class address /classes/${slug} is taken.`);
      await this.events.append(tem, streams.product(productId), [{ type: ProductPublished.type, payload }], {
        expectedVersion: 0,
      });
      return { product: productView(payload) };
    });
  }
}

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
