import { ProductPublished, ProductUpdated, type EventPayload, type StoredEvent } from '@sparkhouse/contracts';

type Fact = Pick<StoredEvent, 'type' | 'payload'>;

export type ProductState = EventPayload<typeof ProductPublished>;

/** A product as its stream tells it: the published facts with every later change applied. Null: never published. */
export function foldProduct(stream: readonly Fact[], from: ProductState | null = null): ProductState | null {
  return stream.reduce<ProductState | null>((state, e) => {
    if (e.type === ProductPublished.type) return e.payload as ProductState;
    if (e.type === ProductUpdated.type && state)
      return { ...state, ...(e.payload as { changes: Partial<ProductState> }).changes };
    return state;
  }, from);
}

/** The path part of a product: /classes/{storefrontSlug}/{classSlug}. */
export const productSlug = (storefrontSlug: string, classSlug: string) => `${storefrontSlug}/${classSlug}`;

/** Streams of the catalogue's facts. */
export const streams = {
  product: (id: string) => `product-${id}`,
  collection: (slug: string) => `collection-${slug}`,
  enrolment: (userId: string, productId: string) => `enrolment-${userId}-${productId}`,
  waitlist: (productId: string, email: string) => `waitlist-${productId}-${email}`,
  progress: (userId: string, productId: string) => `progress-${userId}-${productId}`,
  purchase: (userId: string, productId: string) => `purchase-${userId}-${productId}`,
};
