import type { commerce } from '@sparkhouse/contracts';
import type { ProductBrowseQueries } from '../../catalogue';

/** Cart items as the catalogue describes them now, in the cart's order (products it no longer has left out). */
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
