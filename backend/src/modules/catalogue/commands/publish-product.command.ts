import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { ProductPublished, type catalogue, type PayloadOf } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { productSlug, streams } from '../domain/product-state';
import { claimSlug, productView } from '../infra/product-stream';

/** A product's facts, but its id. */
export type ProductFacts = Omit<PayloadOf<'ProductPublished'>, 'productId'>;

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
    const payload: PayloadOf<'ProductPublished'> = { ...input, productId };
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
