import type { Db } from '../../../platform/database/database';
import type { EventStore, StreamModel } from '../../../platform/events/event-store';
import { conflict, notFound } from '../../../platform/http/errors';
import { foldProduct, streams, type ProductState } from '../domain/product-state';
import { rows } from '../../../platform/database/sql';
// kept here for the commands that import them from this file
export { cardOf, loadProducts, productView } from '../infra/product-facts';

/** A product's facts folded, kept as a snapshot beside its stream: commands read one row, not the stream. */
export const productModel: StreamModel<ProductState> = {
  name: 'catalogue.product@1',
  fold: (state, events) => foldProduct(events, state),
};

/** The product as its own stream tells it (the write side never reads the read models). 404 when unknown. */
export async function loadProduct(em: Db, events: EventStore, productId: string): Promise<ProductState> {
  return knownProduct((await events.load(em, streams.product(productId), productModel)).state);
}

/** The product a stream folded to; 404 when it has none. */
export function knownProduct(state: ProductState | null): ProductState {
  if (!state) throw notFound('No such product.');
  return state;
}

/** Claims a slug for one product or collection inside the command's transaction; taken: 409. */
export async function claimSlug(em: Db, kind: 'product' | 'collection', slug: string, ownerId: string, taken: string) {
  const claimed = await rows(
    em,
    `insert into catalogue_slug_claim (kind, slug, owner_id) values (?, ?, ?) on conflict do nothing returning slug`,
    [kind, slug, ownerId],
  );
  if (claimed.length === 0) throw conflict(taken);
}
