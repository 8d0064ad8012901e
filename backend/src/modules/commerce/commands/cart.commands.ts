import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { CartUpdated, type commerce } from '@sparkhouse/contracts';
import { ProductBrowseQueries } from '../../catalogue';
import { EventStore } from '../../../platform/events/event-store';
import { badRequest } from '../../../platform/http/errors';
import type { Db } from '../../../platform/database/database';
import { ownedPurchaseIds } from '../domain/purchase-plan';
import { streams } from '../infra/streams';

/**
 * Takes bought products out of the user's saved cart, in the caller's transaction (the purchase's own):
 * once a purchase is recorded, no read of the cart can show its items again.
 */
export async function removeFromCart(em: Db, events: EventStore, userId: string, productIds: readonly string[]) {
  const bought = new Set(productIds);
  await events.appendIf(em, streams.cart(userId), (stream) => {
    const last = stream.findLast((e) => e.type === CartUpdated.type);
    if (!last) return null;
    const p = last.payload as { productIds: string[]; offerValid: boolean | null };
    if (!p.productIds.some((id) => bought.has(id))) return null;
    const productIds = p.productIds.filter((id) => !bought.has(id));
    return [
      { type: CartUpdated.type, payload: { userId, productIds, offerValid: p.offerValid, updatedAt: new Date().toISOString() } },
    ];
  });
}

/** Save the signed-in user's cart (product ids in order) and whether the offer was valid. */
export class UpdateCart {
  constructor(
    readonly userId: string,
    readonly productIds: readonly string[],
    readonly offerValid: boolean | null,
  ) {}
}

/** Cart items as the catalogue describes them now, in the cart's order. */
export async function cartItems(
  products: ProductBrowseQueries,
  ids: readonly string[],
): Promise<commerce.ServerCart['productsInCart']> {
  const cards = new Map((await products.cards(ids)).map((c) => [c.id, c]));
  return ids.flatMap((id) => {
    const c = cards.get(id);
    if (!c) return [];
    return [{ id: c.id, title: c.title, creatorName: c.creator.name, priceInfo: c.priceInfo, subscriptionSlug: null }];
  });
}

@CommandHandler(UpdateCart)
export class UpdateCartHandler implements ICommandHandler<UpdateCart, commerce.ServerCart> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly products: ProductBrowseQueries,
  ) {}

  async execute({ userId, productIds, offerValid }: UpdateCart): Promise<commerce.ServerCart> {
    const em = this.orm.em.fork();
    // what the user owns never goes back into the cart (a save from a page that had not seen the purchase yet)
    const owned = new Set<string>();
    for (const id of new Set(productIds))
      if (ownedPurchaseIds(await this.events.readStream(em, streams.purchase(userId, id))).size > 0) owned.add(id);
    const ids = [...new Set(productIds)].filter((id) => !owned.has(id));
    const items = await cartItems(this.products, ids);
    if (items.length !== ids.length) {
      const known = new Set(items.map((i) => i.id));
      const unknown = ids.filter((id) => !known.has(id));
      throw badRequest(`Unknown product: ${unknown.slice(0, 3).join(', ')}`, [
        { path: 'body.product_ids', message: 'Unknown product' },
      ]);
    }
    const updatedAt = new Date().toISOString();
    await this.orm.em
      .fork()
      .transactional((tem) =>
        this.events.append(tem, streams.cart(userId), [
          { type: CartUpdated.type, payload: { userId, productIds: ids, offerValid, updatedAt } },
        ]),
      );
    return { productsInCart: items, lastUpdated: updatedAt, offerValid };
  }
}
