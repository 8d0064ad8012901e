import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { CollectionCreated, SchoolCreated, type catalogue, type EventPayload } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { badRequest } from '../../../platform/http/errors';
import { SCHOOL_PROGRAM_TYPE } from '../domain/collections';
import { streams } from '../domain/product-state';
import { cardOf, claimSlug, loadProducts, productView } from '../infra/product-stream';

type CollectionFacts = EventPayload<typeof SchoolCreated>;

/** Create a collection, or a school (programType 'school'). Its slug must be free; its products must exist. */
export class CreateCollection {
  constructor(
    readonly facts: CollectionFacts,
    readonly programType: catalogue.ProgramType,
  ) {}
}

@CommandHandler(CreateCollection)
export class CreateCollectionHandler implements ICommandHandler<CreateCollection, catalogue.ProductCollection> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ facts, programType }: CreateCollection) {
    return this.orm.em.fork().transactional(async (tem) => {
      const productIds = [...new Set(facts.productIds)];
      const products = await loadProducts(tem, productIds);
      if (products.length !== productIds.length) {
        const known = new Set(products.map((p) => p.productId));
        throw badRequest(`Unknown product: ${productIds.find((id) => !known.has(id))}`);
      }
      await claimSlug(tem, 'collection', facts.slug, facts.slug, `The collection address ${facts.slug} is taken.`);
      const payload = { ...facts, productIds };
      const event =
        programType === SCHOOL_PROGRAM_TYPE
          ? { type: SchoolCreated.type, payload }
          : { type: CollectionCreated.type, payload: { ...payload, programType: programType as 'collection' } };
      await this.events.append(tem, streams.collection(facts.slug), [event], { expectedVersion: 0 });
      const cards = products.map((p) => cardOf(productView(p)));
      return {
        ...payload,
        programType,
        coverUrl: payload.coverUrl || cards[0]?.media.coverUrl || '',
        productCount: productIds.length,
        products: cards,
      };
    });
  }
}
