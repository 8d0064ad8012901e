import { CartUpdated, isFactOf, type Fact, type NewEvent, type PayloadOf } from '@sparkhouse/contracts';

/** A `cart-<userId>` stream: its last saved content (null before the first save). */
export type CartState = PayloadOf<'CartUpdated'>;

export function foldCart(stream: readonly Fact[], from?: CartState | null): CartState | null {
  let last = from ?? null;
  for (const e of stream) if (isFactOf(e, CartUpdated.type)) last = e.payload;
  return last;
}

/** Bought products leave the saved cart (nothing to record when none of them is in it). */
export function removeBought(
  cart: CartState | null,
  { productIds, updatedAt }: { productIds: readonly string[]; updatedAt: string },
): NewEvent[] {
  if (!cart) return [];
  const bought = new Set(productIds);
  if (!cart.productIds.some((id) => bought.has(id))) return [];
  const kept = cart.productIds.filter((id) => !bought.has(id));
  return [{ type: CartUpdated.type, payload: { ...cart, productIds: kept, updatedAt } }];
}
