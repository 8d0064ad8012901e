import type { catalogue } from '@sparkhouse/contracts';
import type { Db } from '../../../platform/database/database';
import { rows } from '../../../platform/database/sql';
import { foldProduct, productSlug, streams, type ProductState } from '../domain/product-state';

/* Products as their own streams tell them (the write side), for commands and for reads that decide money. */

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
