import type { Db } from '../../../platform/database/database';
import type { EventStore } from '../../../platform/events/event-store';
import { removeBought } from '../domain/cart';
import { cartModel, deciding, streams } from './streams';

/**
 * Takes bought products out of the user's saved cart, in the caller's transaction (the purchase's own):
 * once a purchase is recorded, no read of the cart can show its items again.
 */
export async function removeFromCart(em: Db, events: EventStore, userId: string, productIds: readonly string[]) {
  await events.appendIf(
    em,
    streams.cart(userId),
    deciding(cartModel, removeBought, { productIds, updatedAt: new Date().toISOString() }),
  );
}
