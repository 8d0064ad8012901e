import type { PayloadOf, StoredEvent } from '@sparkhouse/contracts';

type Fact = Pick<StoredEvent, 'type' | 'payload'>;
/** A fact of a product's stream, its payload typed by its contract. */
type ProductFact = { [K in 'ProductPublished' | 'ProductUpdated']: { readonly type: K; readonly payload: PayloadOf<K> } }[
  'ProductPublished' | 'ProductUpdated'];
const isProductFact = (e: Fact): e is Fact & ProductFact => e.type === 'ProductPublished' || e.type === 'ProductUpdated';

export type ProductState = PayloadOf<'ProductPublished'>;

/** A product as its stream tells it: the published facts with every later change applied. Null: never published. */
export function foldProduct(stream: readonly Fact[], from: ProductState | null = null): ProductState | null {
  return stream.reduce<ProductState | null>((state, e) => {
    if (!isProductFact(e)) return state;
    if (e.type === 'ProductPublished') return e.payload;
    return state && { ...state, ...e.payload.changes };
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
