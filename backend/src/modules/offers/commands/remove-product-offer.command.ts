import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { ProductOfferRemoved, type NewEvent } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import type { OfferState } from '../domain/offer-state';
import { offerModel, offerStream } from '../infra/streams';

/** Remove a product's offer; answers whether there was one to remove. */
export class RemoveProductOffer {
  constructor(readonly productId: string) {}
}

/** An offer in force is removed; none (never set, or removed already) leaves nothing to record. */
export function decide(state: OfferState | null, { productId }: RemoveProductOffer): NewEvent<typeof ProductOfferRemoved>[] {
  return state?.terms ? [{ type: ProductOfferRemoved.type, payload: { productId } }] : [];
}

@CommandHandler(RemoveProductOffer)
export class RemoveProductOfferHandler implements ICommandHandler<RemoveProductOffer, boolean> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(c: RemoveProductOffer): Promise<boolean> {
    const { appended } = await this.orm.em
      .fork()
      .transactional((tem) => this.events.decide(tem, offerStream(c.productId), offerModel, (state) => decide(state, c)));
    return appended.length > 0;
  }
}
