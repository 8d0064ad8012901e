/**
 * Offers of products, fetched in batches: every price on a page asks for its own product's offer,
 * and the asks made in the same tick go out as one GET /offers/getProductOffers (at most 100 ids).
 */
import type { CallResponse } from '@sparkhouse/contracts';
import { offers as offerCalls } from '../../api/routes';
import { callApi } from '../../api/call-api';

export type ProductOffer = CallResponse<typeof offerCalls.getProductOffers>['offers'][number];

const MAX_IDS = 100;
/** Prices mount over a few ticks as a page renders; asks within this window share one request. */
const BATCH_WINDOW_MS = 10;

type Fetch = (ids: string[]) => Promise<ProductOffer[]>;

const fetchOffers: Fetch = async (ids) =>
  (await callApi(offerCalls.getProductOffers, { query: { product_ids: ids.join(',') } })).offers;

export function createOfferLoader(fetch: Fetch = fetchOffers) {
  let queue: Array<{ id: string; resolve: (offer: ProductOffer | null) => void; reject: (error: unknown) => void }> = [];
  let scheduled = false;

  const run = () => {
    scheduled = false;
    const batch = queue;
    queue = [];
    for (let at = 0; at < batch.length; at += MAX_IDS) {
      const part = batch.slice(at, at + MAX_IDS);
      const ids = [...new Set(part.map((p) => p.id))];
      fetch(ids)
        .then((found) => {
          if (!Array.isArray(found)) throw new Error('Invalid response format');
          const byId = new Map(found.map((o) => [o.productId, o]));
          // A product the answer leaves out has no offer.
          for (const p of part) p.resolve(byId.get(p.id) ?? null);
        })
        .catch((error: unknown) => part.forEach((p) => p.reject(error)));
    }
  };

  return (productId: string): Promise<ProductOffer | null> =>
    new Promise((resolve, reject) => {
      queue.push({ id: productId, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setTimeout(run, BATCH_WINDOW_MS);
      }
    });
}

export const loadOffer = createOfferLoader();

export const offerKeys = {
  all: ['offers'] as const,
  product: (productId: string) => [...offerKeys.all, 'product', productId] as const,
};

/** Offers change rarely: a minute of freshness keeps list pages from asking again on every visit. */
export const productOfferQuery = (productId: string) => ({
  queryKey: offerKeys.product(productId),
  queryFn: () => loadOffer(productId),
  staleTime: 60_000,
});
