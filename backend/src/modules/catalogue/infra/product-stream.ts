import type { Db } from '../../../platform/database/database';
import type { catalogue } from '@sparkhouse/contracts';
import type { EventStore, StreamModel } from '../../../platform/events/event-store';
import { conflict, notFound } from '../../../platform/http/errors';
import { foldProduct, productSlug, streams, type ProductState } from '../domain/product-state';
import { rows } from '../../../platform/database/sql';

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

/** Several products at once, in the order asked; unknown ids are left out. */
export async function loadProducts(em: Db, ids: readonly string[]): Promise<ProductState[]> {
  if (ids.length === 0) return [];
  const found = await rows<{ stream_id: string; type: string; payload: unknown }>(
    em,
    `select stream_id, type, payload from domain_event
      where stream_id in (select 'product-' || x from jsonb_array_elements_text(?::jsonb) x) order by stream_id, stream_version`,
    [JSON.stringify(ids)],
  );
  const byStream = new Map<string, { type: string; payload: unknown }[]>();
  for (const r of found) byStream.set(r.stream_id, [...(byStream.get(r.stream_id) ?? []), r]);
  return ids.map((id) => foldProduct(byStream.get(streams.product(id)) ?? [])).filter((p): p is ProductState => p !== null);
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

/** A product answer built from its facts (the read model may not have caught up yet). */
export function productView(s: ProductState, purchaseCount = 0): catalogue.Product {
  return {
    id: s.productId,
    title: s.title,
    slug: productSlug(s.storefrontSlug, s.classSlug),
    classSlug: s.classSlug,
    storefrontSlug: s.storefrontSlug,
    creator: s.creator,
    description: s.description,
    category: s.category,
    topics: s.topics,
    genres: s.genres,
    priceInfo: s.priceInfo,
    rating: s.rating,
    ratingCount: s.ratingCount,
    releaseDate: new Date(s.releaseDate).toISOString(),
    purchaseCount,
    media: {
      coverUrl: s.media.coverUrl,
      videoUrl: s.media.videoUrl,
      durationSeconds: s.media.contents.reduce((t, c) => t + c.durationSeconds, 0),
      contents: s.media.contents,
    },
  };
}

export const cardOf = (p: catalogue.Product): catalogue.ProductCard => {
  const { contents: _contents, ...media } = p.media;
  return { ...p, media };
};
