import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { CartUpdated, type commerce, type NewEvent } from '@sparkhouse/contracts';
import { ProductBrowseQueries } from '../../catalogue';
import { EventStore } from '../../../platform/events/event-store';
import { badRequest } from '../../../platform/http/errors';
import type { CartState } from '../domain/cart';
import { ownedPurchaseIds } from '../domain/purchase-plan';
import { streams } from '../infra/streams';
import { cartItems } from '../queries/cart-items.query';

/** Save the signed-in user's cart (product ids in order) and whether the offer was valid. */
export class UpdateCart {
  constructor(
    readonly userId: string,
    readonly productIds: readonly string[],
    readonly offerValid: boolean | null,
  ) {}
}

/**
 * The cart saved as sent, less what the user owns (`owned`: a save from a page that had not seen the
 * purchase yet), each product once. A save replaces the cart, so it is recorded whatever the cart held.
 */
export function decide(
  _cart: CartState | null,
  {
    userId,
    productIds,
    offerValid,
    owned,
    updatedAt,
  }: Pick<UpdateCart, 'userId' | 'productIds' | 'offerValid'> & {
    owned: ReadonlySet<string>;
    updatedAt: string;
  },
): NewEvent[] {
  return [{ type: CartUpdated.type, payload: { userId, productIds: cartContent(productIds, owned), offerValid, updatedAt } }];
}

/** What a save keeps: each product once, in order, less the ones owned. */
export const cartContent = (productIds: readonly string[], owned: ReadonlySet<string>): string[] =>
  [...new Set(productIds)].filter((id) => !owned.has(id));

@CommandHandler(UpdateCart)
export class UpdateCartHandler implements ICommandHandler<UpdateCart, commerce.ServerCart> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly products: ProductBrowseQueries,
  ) {}

  async execute(command: UpdateCart): Promise<commerce.ServerCart> {
    const { userId, productIds, offerValid } = command;
    const em = this.orm.em.fork();
    // what the user owns never goes back into the cart (a save from a page that had not seen the purchase yet)
    const owned = new Set<string>();
    for (const id of new Set(productIds))
      if (ownedPurchaseIds(await this.events.readStream(em, streams.purchase(userId, id))).size > 0) owned.add(id);
    const updatedAt = new Date().toISOString();
    const ids = cartContent(productIds, owned);
    const items = await cartItems(this.products, ids);
    if (items.length !== ids.length) {
      const known = new Set(items.map((i) => i.id));
      const unknown = ids.filter((id) => !known.has(id));
      throw badRequest(`Unknown product: ${unknown.slice(0, 3).join(', ')}`, [
        { path: 'body.product_ids', message: 'Unknown product' },
      ]);
    }
    const decided = decide(null, { ...command, owned, updatedAt });
    await this.orm.em.fork().transactional((tem) => this.events.append(tem, streams.cart(userId), decided));
    return { productsInCart: items, lastUpdated: updatedAt, offerValid };
  }
}
