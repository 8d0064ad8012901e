import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { isEventOf, PurchaseCompleted, type catalogue } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { conflict } from '../../../platform/http/errors';
import { streams } from '../domain/product-state';
import { cardOf, loadProduct, productView } from '../infra/product-stream';

/**
 * Give a user a product as a purchase at price 0. Until the commerce module sells products, this is
 * how ownership comes about; a user who owns the product already gets 409.
 */
export class GrantProduct {
  constructor(
    readonly userId: string,
    readonly productId: string,
  ) {}
}

@CommandHandler(GrantProduct)
export class GrantProductHandler implements ICommandHandler<GrantProduct, catalogue.Purchase> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ userId, productId }: GrantProduct) {
    return this.orm.em.fork().transactional(async (tem) => {
      const product = await loadProduct(tem, this.events, productId);
      const purchaseId = randomUUID();
      const stored = await this.events.appendIf(tem, streams.purchase(userId, productId), (stream) => {
        const bought = new Set<string>();
        for (const e of stream) if (isEventOf(e, 'PurchaseCompleted')) bought.add(e.payload.purchaseId);
        for (const e of stream) if (isEventOf(e, 'PurchaseRefunded')) bought.delete(e.payload.purchaseId);
        if (bought.size > 0) throw conflict('This user owns the product already.');
        const payload = { purchaseId, userId, productId, priceInCents: 0, currency: product.priceInfo.currency, source: 'grant' };
        return [{ type: PurchaseCompleted.type, payload }];
      });
      return {
        productId,
        purchasedAt: stored![0].metadata.occurredAt,
        priceInCents: 0,
        currency: product.priceInfo.currency,
        refundedInfo: null,
        owned: true,
        product: cardOf(productView(product)),
      };
    });
  }
}
